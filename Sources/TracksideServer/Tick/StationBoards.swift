import TransitData
import TransitEngine

/// The stations' and bus stops' arrival boards as the server serves them: looked up by id,
/// computed from the latest feeds on demand (REST) or for the watched stations each tick (push).
///
/// What was last pushed to a board's watchers is the push hub's (`TopicRegistry`).
final class StationBoards: Sendable {
    let network: Network
    private let busStops: [String: BusStop]
    init(network: Network) {
        self.network = network
        busStops = Dictionary(network.busStops.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The bus stop with `id`, if the network has one.
    func busStop(_ id: String) -> BusStop? {
        busStops[id]
    }

    /// The bus stop's board at `now`; nil when the network has no such bus stop.
    func board(busStop id: String, feeds: BoardFeeds, now: Double) -> ArrivalBoard? {
        busStops[id].map { ArrivalBoard(busStop: $0, network: network, feeds: feeds.snapshot, staleFeeds: feeds.stale, now: now) }
    }

    /// The station (complex) `id` names: its own id, a member station's or a platform's.
    func station(_ id: String) -> Station? {
        network.station(containing: id)
    }

    /// The board of the station `id` names at `now`, under that id (so a watch of an old link's
    /// id gets its messages); nil when the network has no such station.
    func board(station id: String, feeds: BoardFeeds, now: Double) -> ArrivalBoard? {
        station(id).map { ArrivalBoard(station: $0, network: network, feeds: feeds.snapshot, staleFeeds: feeds.stale, now: now, id: id) }
    }

    /// The boards of the `watched` stations (and bus stops) at `now`; ids the network does not
    /// know are skipped.
    func boards(watched: Set<String>, feeds: BoardFeeds, now: Double) -> [ArrivalBoard] {
        watched.sorted().compactMap { board(station: $0, feeds: feeds, now: now) ?? board(busStop: $0, feeds: feeds, now: now) }
    }
}
