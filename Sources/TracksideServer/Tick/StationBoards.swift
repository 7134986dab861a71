import Synchronization
import TransitData
import TransitEngine

/// The stations' and bus stops' arrival boards as the server serves them: looked up by id,
/// computed from the latest feeds on demand (REST) or for the watched stations each tick (push).
///
/// A board carries the tick's time, so every tick would make a new message; watchers are sent a
/// board only when what it shows (its groups, minutes included) changed since the last push.
final class StationBoards: Sendable {
    let network: Network
    private let busStops: [String: BusStop]
    /// What was last pushed per watched station: the board without its time.
    private let pushed = Mutex<[String: Shown]>([:])

    /// What a board shows, which a push must repeat when it changes.
    private struct Shown: Equatable {
        var groups: [ArrivalGroup]
        var terminating: [ArrivalGroup]
        var staleRoutes: [String]
    }

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

    /// The serialised boards of the `watched` stations (and bus stops) whose content changed
    /// since their last push (the board or a group turning stale or current is a change); forgets
    /// stations no longer watched, so a later watch starts afresh.
    func changedBoards(watched: Set<String>, feeds: BoardFeeds, now: Double) -> [(station: String, message: [UInt8])] {
        let boards = watched.compactMap { board(station: $0, feeds: feeds, now: now) ?? board(busStop: $0, feeds: feeds, now: now) }
        return pushed.withLock { pushed in
            pushed = pushed.filter { watched.contains($0.key) }
            var changed: [(station: String, message: [UInt8])] = []
            for board in boards {
                let shown = Shown(groups: board.groups, terminating: board.terminating, staleRoutes: board.staleRoutes)
                guard pushed[board.stationID] != shown else { continue }
                pushed[board.stationID] = shown
                changed.append((board.stationID, Self.message(board)))
            }
            return changed
        }
    }

    /// The wire form, shared by REST and push.
    static func message(_ board: ArrivalBoard) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 512)
        board.writeJSON(to: &json)
        return json.bytes
    }
}
