import TransitData
import TransitEngine

/// The stations' and bus stops' arrival boards as the server serves them: looked up by id,
/// computed from the latest feeds on demand (REST) or for the watched stations each tick (push).
///
/// What was last pushed to a board's watchers is the push hub's (`TopicRegistry`).
final class StationBoards: Sendable {
    let network: Network
    private let busStops: [String: BusStop]
    /// The loaded timetables' departures: a station's board says when its lines without predictions next run.
    private let schedules: [ScheduledService]

    init(network: Network, schedules: [ScheduledService] = []) {
        self.network = network
        busStops = Dictionary(network.busStops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.schedules = schedules.filter { !$0.isEmpty }
    }

    /// The bus stop with `id`, if the network has one.
    func busStop(_ id: String) -> BusStop? {
        busStops[id]
    }

    /// The bus stop's board at `now`, with when its routes without predictions next run; nil when
    /// the network has no such bus stop.
    func board(busStop id: String, feeds: BoardFeeds, now: Double) -> ArrivalBoard? {
        busStops[id].map { stop in
            var board = ArrivalBoard(busStop: stop, network: network, feeds: feeds.snapshot, staleFeeds: feeds.stale, now: now)
            addNextService(to: &board, at: [stop.id], feeds: feeds.snapshot)
            return board
        }
    }

    /// The station (complex) `id` names: its own id, a member station's or a platform's.
    func station(_ id: String) -> Station? {
        network.station(containing: id)
    }

    /// The board of the station `id` names at `now`, under that id (so a watch of an old link's
    /// id gets its messages); nil when the network has no such station.
    func board(station id: String, feeds: BoardFeeds, now: Double) -> ArrivalBoard? {
        guard let station = station(id) else { return nil }
        var board = ArrivalBoard(station: station, network: network, feeds: feeds.snapshot, staleFeeds: feeds.stale, now: now, id: id)
        addNextService(to: &board, at: station.platforms.isEmpty ? [station.id] : station.platforms, feeds: feeds.snapshot)
        return board
    }

    /// Sets `board.nextService`: for each line and direction calling at `stops` without a train
    /// coming on the board (no group, or one of cancelled trips only), the soonest scheduled
    /// departure after the board's time of every loaded timetable that the feeds do not cancel.
    private func addNextService(to board: inout ArrivalBoard, at stops: [String], feeds: FeedSnapshot) {
        guard !schedules.isEmpty else { return }
        let predicted = Set(board.groups.filter { $0.arrivals.contains { !$0.isCancelled } }
            .map { ScheduledService.key(($0.routeID, $0.direction)) })
        let cancelled = CancelledDepartures(at: stops, feeds: feeds, network: network)
        var soonest: [String: ScheduledService.Next] = [:]
        for schedule in schedules {
            for next in schedule.next(at: stops, after: board.timestamp, except: predicted, cancelled: cancelled) {
                let key = ScheduledService.key((next.routeID, next.direction))
                if soonest[key].map({ next.time < $0.time }) ?? true { soonest[key] = next }
            }
        }
        board.nextService = soonest.values.sorted { ($0.routeID, $0.direction) < ($1.routeID, $1.direction) }
    }

    /// The boards of the `watched` stations (and bus stops) at `now`; ids the network does not
    /// know are skipped.
    func boards(watched: Set<String>, feeds: BoardFeeds, now: Double) -> [ArrivalBoard] {
        watched.sorted().compactMap { board(station: $0, feeds: feeds, now: now) ?? board(busStop: $0, feeds: feeds, now: now) }
    }
}
