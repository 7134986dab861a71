// libFuzzer harness for TracksideServer's request handling: the push protocol's client
// messages and the sessions they drive (floods included), the inbound bounds of connections,
// REST query parameters, the server's options from flags, environment and config file, and the Redis stream's
// entries an edge decodes and follows. Built and run by Tests/Fuzz/run.sh (not part of the Swift
// package); the libraries are compiled with -enable-testing, so internal parsers are reachable.
@testable import TracksideServer
import TransitEngine
import WebSocketServer

/// Byte 0 picks the part; the rest is one request per line (split at each byte 10), or one stream entry.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServer(_ pointer: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let rest = UnsafeBufferPointer(start: pointer + 1, count: size - 1)
    if pointer[0] % 5 == 4 {
        followStreamEntry(Array(rest))
        return 0
    }
    let lines = rest.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    switch pointer[0] % 5 {
    case 0: runPushSessions(lines)
    case 1: readQueries(lines)
    case 2: resolveOptions(lines)
    default: runInboundFlood(lines)
    }
    return 0
}

/// Tight limits, so the fuzzer reaches every bound of a stream entry.
private let entryLimits: PublishedTickLimits = {
    var limits = PublishedTickLimits()
    limits.maximumBytes = 1 << 16
    limits.maximumVehicles = 64
    limits.maximumAlerts = 16
    limits.maximumFeeds = 16
    limits.maximumPayloads = 16
    return limits
}()

/// A stream entry as an edge reads it: decoded within the limits (refused, never trapped), its
/// encoding stable once decoded (the bytes of a NaN compare where the values would not), then
/// followed twice by a hub (load, then again: skip) with the relayed payloads the edge would ingest.
private func followStreamEntry(_ bytes: [UInt8]) {
    guard let entry = try? PublishedTick(decoding: bytes, limits: entryLimits) else { return }
    precondition(entry.vehicles.count <= entryLimits.maximumVehicles && entry.removals.count <= entryLimits.maximumVehicles
                 && entry.payloads.count <= entryLimits.maximumPayloads && entry.documents.count <= entryLimits.maximumPayloads
                 && (entry.alerts?.count ?? 0) <= entryLimits.maximumAlerts, "an entry past its limits decoded")
    let encoded = entry.encoded
    guard let again = try? PublishedTick(decoding: encoded) else { preconditionFailure("a decoded entry's bytes are refused") }
    precondition(again.encoded == encoded, "a decoded entry encodes otherwise the second time")
    var hub = PushHub(configuration: PushHub.Configuration(epoch: "fuzz", source: "demo"))
    _ = hub.connect(ClientID(1))
    _ = hub.receive(#"{"op":"subscribe","bbox":[-180,-90,180,90]}"#, from: ClientID(1), now: entry.tickTime)
    var follower = StreamFollower()
    var relay = FeedRelay()
    for _ in 0..<2 {
        let (step, _) = follower.follow(entry, hub: &hub)
        if step == .apply || step == .load { _ = relay.toIngest(entry, step: step) }
    }
}

/// A push hub with four clients, each line a client's message (its first byte names the client),
/// or `tick…`, a publication of vehicles that move, appear and leave, or `bye` and a byte naming
/// a client that disconnects and connects again, or `flood`, a client byte, a count byte and a
/// message: that message sent 1 to 253 times at one instant, text or (odd count) binary: the
/// sequences of subscribe, resume, watch, deltas and floods clients can provoke.
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
        } else if line.starts(with: "flood".utf8), line.count > 6 {
            flood(&hub, client: clients[Int(line[5]) % clients.count], count: Int(line[6]),
                  message: String(decoding: line.dropFirst(7), as: UTF8.self), now: now)
        } else {
            let client = clients[Int(line.first ?? 0) % clients.count]
            _ = hub.receive(String(decoding: line.dropFirst(), as: UTF8.self), from: client, now: now)
        }
    }
}

/// One client sending `message` (count % 64) × 4 + 1 times at `now`, as the shell would hand them
/// over: a close the hub orders is obeyed (the client disconnects, and connects again after the
/// flood). At one instant the message budget holds at most its burst and its refusals, so a
/// flood longer than both must end in a close, and nothing the client sends after it is answered.
private func flood(_ hub: inout PushHub, client: ClientID, count: Int, message: String, now: Double) {
    let limits = hub.configuration.limits
    let repeats = (count % 64) * 4 + 1
    let tolerated = Int(limits.messageBurst + limits.refusalsBeforeClose)
    var closedAfter: Int?
    for sent in 1...repeats {
        let deliveries = count % 2 == 1 ? hub.receiveBinary(from: client, now: now)
                                        : hub.receive(message, from: client, now: now)
        guard closedAfter == nil else {
            precondition(deliveries.isEmpty, "a connection closed for its budget was answered again")
            continue
        }
        if deliveries.contains(where: { $0.closeReason != nil }) {
            precondition(deliveries.count == 1 && deliveries[0].recipients == [client], "a budget close went to others")
            closedAfter = sent
            hub.disconnect(client)
        }
    }
    precondition(repeats <= tolerated || closedAfter.map { $0 <= tolerated + 1 } == true,
                 "\(repeats) messages at one instant were not closed within the budget (\(tolerated))")
    if closedAfter != nil { _ = hub.connect(client) }
}

/// The inbound bounds of four connections as the push service and the transport apply them:
/// each line's first byte names a connection and its second how many messages (of the line's
/// length in bytes) it sends; a connection whose `InboundBacklog` is paused is not read (its
/// messages stay in its socket), and a line starting `slice` lets the push queue take one slice.
/// However the flood is shaped, no connection holds more than its bound, the queue holds what
/// the backlogs count, and a slice serves every waiting connection before any twice.
private func runInboundFlood(_ lines: [[UInt8]]) {
    let limit = InboundBacklog.Limit(messages: 8, bytes: 512)
    let clients = (1...4).map { ClientID(UInt64($0)) }
    var backlogs = Dictionary(uniqueKeysWithValues: clients.map { ($0, InboundBacklog(limit: limit)) })
    var queue = InboundQueue<Int>()
    var largest = 0
    for line in lines {
        if line.starts(with: "slice".utf8) {
            let waiting = Set(backlogs.filter { $0.value.messages > 0 }.keys)
            let slice = queue.slice(limit: 3)
            var seen: [ClientID: Int] = [:]
            for (client, bytes) in slice {
                seen[client, default: 0] += 1
                _ = backlogs[client]!.handled(messages: 1, bytes: bytes)
            }
            precondition(slice.count == min(3, slice.count + queue.count), "a slice left work while under its limit")
            precondition(seen.values.allSatisfy { $0 == 1 } || waiting.count < 3 && seen.count == waiting.count,
                         "a slice served a connection twice while another waited")
        } else if line.count >= 2 {
            let client = clients[Int(line[0]) % clients.count]
            largest = max(largest, line.count)
            for _ in 0..<Int(line[1] % 32) where !backlogs[client]!.isPaused {
                backlogs[client]!.received(bytes: line.count)
                queue.append(line.count, from: client)
            }
        }
        for backlog in backlogs.values {
            // Reading stops at the bound, so the last message read can pass it by its own size only.
            precondition(backlog.messages <= limit.messages && backlog.bytes < limit.bytes + largest,
                         "a connection was read past its inbound bound")
        }
        precondition(queue.count == backlogs.values.reduce(0) { $0 + $1.messages }, "the queue and the backlogs disagree")
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
        let view = try? ClientRequest.ViewRequest(query: query.values("bbox").first, region: query.values("region").first,
                                                  layers: query.values("layers").first,
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
