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
    /// The outage feed the tick read, the equipment that alerts in force say is out (id →
    /// header), the watched stations' elevators, and the wall time they were judged at.
    var elevatorFeed = ElevatorSnapshot()
    var alertOutages: [String: String] = [:]
    var elevators: [StationElevators] = []
    var wallTime: Double = 0
    /// What the next tick starts from.
    var memory: Tick.Memory
    /// An engine's: the feed payloads the tick read since the previous one, for the stream.
    var relayed = FeedRelay.Batch()
}

extension TickResult {
    /// The station's (or, with `busStop`, the bus stop's) board at this tick: the pushed one when
    /// someone watches it, else computed from this tick's feeds; nil when the network has no such place.
    func board(_ id: String, busStop: Bool = false, from boards: StationBoards) -> ArrivalBoard? {
        if let pushed = self.boards.first(where: { $0.stationID == id && ($0.kind == .busStop) == busStop }) { return pushed }
        return busStop ? boards.board(busStop: id, feeds: boardFeeds, now: feedTime)
            : boards.board(station: id, feeds: boardFeeds, now: feedTime)
    }

    /// The station's elevators at this tick: the pushed ones when someone watches it, else
    /// computed from this tick's outage feed and alerts; nil when no equipment list is loaded.
    func stationElevators(_ id: String, access: StationAccessDirectory?, network: Network) -> StationElevators? {
        if let pushed = elevators.first(where: { $0.station == id }) { return pushed }
        return StationElevators.of(id, access: access, network: network, snapshot: elevatorFeed,
                                   alertOutages: alertOutages, at: wallTime)
    }
}
