// libFuzzer harness for TracksideServer's request handling: the push protocol's client
// messages and the sessions they drive, REST query parameters, and the server's options from
// flags, environment and config file. Built and run by Tests/Fuzz/run.sh (not part of the Swift
// package); the libraries are compiled with -enable-testing, so internal parsers are reachable.
@testable import TracksideServer
import TransitEngine
import WebSocketServer

/// Byte 0 picks the part; the rest is one request per line (split at each byte 10).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ pointer: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let lines = UnsafeBufferPointer(start: pointer + 1, count: size - 1)
        .split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    switch pointer[0] % 3 {
    case 0: runPushSessions(lines)
    case 1: readQueries(lines)
    default: resolveOptions(lines)
    }
    return 0
}

/// A push hub with four clients, each line a client's message (its first byte names the client),
/// or `tick…`, a publication of vehicles that move, appear and leave, or `bye` and a byte naming
/// a client that disconnects and connects again: the sequences of subscribe, resume, watch and
/// deltas clients can provoke.
private func runPushSessions(_ lines: [[UInt8]]) {
    var hub = PushHub(configuration: PushHub.Configuration(epoch: "fuzz", source: "demo"))
    let clients = (1...4).map { ClientID(UInt64($0)) }
    for client in clients { _ = hub.connect(client) }
    var now = 1_705_777_200.0
    var tick = 0
    for line in lines {
        now += 0.25
        if line.starts(with: "tick".utf8) {
            tick += 1
            _ = hub.publish(vehicles(tick: tick, churn: line.count), now: now)
        } else if line.starts(with: "bye".utf8), line.count > 3 {
            let client = clients[Int(line[3]) % clients.count]
            hub.disconnect(client)
            _ = hub.connect(client)
        } else {
            let client = clients[Int(line.first ?? 0) % clients.count]
            _ = hub.receive(String(decoding: line.dropFirst(), as: UTF8.self), from: client, now: now)
        }
    }
}

/// Thirty vehicles around Manhattan, one in `churn % 7 + 2` absent each tick (which ones turns
/// with the tick), moving a little each tick, some stale or stalled.
private func vehicles(tick: Int, churn: Int) -> [VehicleState] {
    (0..<30).compactMap { index -> VehicleState? in
        guard (index + tick) % (churn % 7 + 2) != 0 else { return nil }
        let step = Double(tick) * 0.0007
        return VehicleState(
            id: "v\(index)", kind: index % 3 == 0 ? .bus : .subway, route: ["A", "1", "M15", "L", "Q"][index % 5],
            trip: "trip-\(index)", direction: index % 2 == 0 ? "N" : "S",
            position: Coordinate(latitude: 40.70 + Double(index) * 0.004 + step, longitude: -74.01 + Double(index % 7) * 0.01),
            bearing: Double((index * 37 + tick * 11) % 360), status: index % 4 == 0 ? .stopped : .moving,
            stop: "stop-\(index)", age: Double(index), source: index % 3 == 0 ? .gps : .inferred,
            flags: index % 5 == 0 ? .stale : index % 7 == 0 ? .stalled : [], feedTimestamp: UInt64(1_705_777_200 + tick))
    }
}

/// Each line a query string, read as the REST routes read theirs.
private func readQueries(_ lines: [[UInt8]]) {
    for line in lines.map({ String(decoding: $0, as: UTF8.self) }) {
        let query = QueryParameters(parsing: line)
        let view = try? ClientRequest.ViewRequest(query: query.values("bbox").first, layers: query.values("layers").first,
                                                  routes: query.values("routes").first)
        if let view {
            let hub = PushHub(configuration: PushHub.Configuration(epoch: "fuzz", source: "demo"))
            _ = try? hub.vehicleList(view)
        }
        _ = try? ClientRequest.boundingBox(query: query.values("bbox").first)
        _ = try? AlertQuery(route: query.values("route").first, station: query.values("station").first,
                            when: query.values("when").first)
        _ = RequestPath(raw: line)
    }
}

/// Line 1: command-line arguments (split at spaces); lines starting `TRACKSIDE_`: environment;
/// the rest: the config file that `--config` or `TRACKSIDE_CONFIG` names.
private func resolveOptions(_ bytes: [[UInt8]]) {
    let lines = bytes.map { String(decoding: $0, as: UTF8.self) }
    let arguments = (lines.first ?? "").split(separator: " ").map(String.init)
    var environment: [String: String] = [:]
    var file: [String] = []
    for line in lines.dropFirst() {
        if line.hasPrefix("TRACKSIDE_"), let equals = line.firstIndex(of: "=") {
            environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
        } else {
            file.append(line)
        }
    }
    let contents = file.joined(separator: "\n")
    if let options = try? ResolvedOptions(groups: ServeOptions.groups, arguments: arguments, environment: environment,
                                          readFile: { _ in contents }) {
        _ = ServeSettings(options)
    }
    for line in lines {
        _ = try? TracksideConfiguration.Source(parsing: line)
        _ = try? FrameAncestors(parsing: line)
    }
}
