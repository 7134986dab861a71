// libFuzzer harness for TransitEngine: a feed's bytes through decoding, placement (two ticks, so
// motion is computed), station boards, sign rows and display alerts on the real subway network,
// written out as the server writes them. Built and run by Tests/Fuzz/run.sh (not part of the Swift
// package), which names the static GTFS in FUZZ_GTFS.
import Foundation
import TracksideServer
import TransitData
import TransitEngine

private struct Subway: @unchecked Sendable {
    // @unchecked: built once before the first input and only read afterwards (libFuzzer runs one input at a time).
    let network: Network
    let engine: PlacementEngine
    /// The server's own stop → station lookup for alerts (`ServedAlerts`).
    let alertStations: AlertStationLookup
    private let stations: [String: Station]

    init() {
        let path = ProcessInfo.processInfo.environment["FUZZ_GTFS"] ?? "../shared/data/nyc-subway-gtfs/2018-11_full-except-stop_times"
        let feed = try! GTFSFeed(contentsOf: URL(fileURLWithPath: path))
        network = try! Network(gtfs: [feed], profile: NYCTProfile())
        engine = PlacementEngine(network: network)
        alertStations = AlertStationLookup(stops: feed.stops)
        stations = Dictionary(network.stations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The station of a platform (or of a station's own id).
    func station(of stopID: String) -> Station? {
        stations[network.stops[stopID]?.parentStation ?? stopID]
    }
}

private let subway = Subway()

/// Byte 0: even = a vehicles feed (GTFS-realtime or SIRI), odd = an alerts feed; bytes 1–2: the
/// clock, in 10 s steps around 2024-01-20T19:00Z (the recorded feeds' time); the rest: the feed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ pointer: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 3 else { return 0 }
    let now = 1_705_777_200 + Double(Int16(bitPattern: UInt16(pointer[1]) << 8 | UInt16(pointer[2]))) * 10
    let data = Data(UnsafeBufferPointer(start: pointer + 3, count: size - 3))
    var json = JSONWriter(reservingCapacity: 4096)
    if pointer[0] % 2 == 1 {
        guard let feed = try? ServiceAlerts.decodeFeed(data) else { return 0 }
        let alerts = ServiceAlerts.displayAlerts(from: feed, at: now, station: { subway.alertStations.station(of: $0) })
        json.array { array in for alert in alerts { alert.writeJSON(to: &array) } }
        return 0
    }
    guard let report = try? FeedReport(decoding: data, name: "fuzz", profile: NYCTProfile(), fetchedAt: now) else { return 0 }
    let snapshot = FeedSnapshot([report])
    let first = subway.engine.place(snapshot, at: now)
    let second = subway.engine.place(snapshot, at: now + 15, memory: first.memory)
    json.array { array in for state in first.states + second.states { state.writeJSON(to: &array) } }
    var boarded = Set<String>()
    for train in report.trains.prefix(20) {
        for stop in train.stopTimes.prefix(5) {
            guard let station = subway.station(of: stop.stopID), boarded.insert(station.id).inserted else { continue }
            let board = ArrivalBoard(station: station, network: subway.network, feeds: snapshot, staleFeeds: ["fuzz"], now: now)
            board.writeJSON(to: &json)
            _ = board.signRows(count: 4)
        }
    }
    return 0
}
