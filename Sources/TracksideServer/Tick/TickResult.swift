import TransitEngine

/// What one tick computed (`Tick.run`): what push publishes and REST answers from.
struct TickResult: Sendable {
    /// The feeds' time the tick placed vehicles at.
    var feedTime: Double
    var states: [VehicleState]
    /// The vehicle feeds the tick read, with those stale: boards nobody watches are computed from
    /// these on request, so they describe the same tick as the pushed ones.
    var boardFeeds: BoardFeeds
    /// The watched stations' and bus stops' boards.
    var boards: [ArrivalBoard]
    /// The watched vehicles' itineraries (`VehicleItinerary.writeMembers` fragments), by id.
    var itineraries: [String: [UInt8]]
    /// The alerts in force now or later, feed by feed.
    var alerts: [DisplayAlert]
    /// The alerts feeds they came from, with their header time and health.
    var alertFeeds: AlertFeedSnapshot
    /// Every feed's health as the tick judged it.
    var feedStatus: [FeedStatus]
    /// What the next tick starts from.
    var memory: Tick.Memory
}

extension TickResult {
    /// The station's (or, with `busStop`, the bus stop's) board at this tick: the pushed one when
    /// someone watches it, else computed from this tick's feeds; nil when the network has no such place.
    func board(_ id: String, busStop: Bool = false, from boards: StationBoards) -> ArrivalBoard? {
        if let pushed = self.boards.first(where: { $0.stationID == id && ($0.kind == .busStop) == busStop }) { return pushed }
        return busStop ? boards.board(busStop: id, feeds: boardFeeds, now: feedTime)
            : boards.board(station: id, feeds: boardFeeds, now: feedTime)
    }
}
