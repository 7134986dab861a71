import Foundation
import Metrics
import Synchronization
import TracksideCommandLine
import WebSocketServer

/// `trackside-bench serve-broadcast`: the server side of the WebSocket benchmarks in
/// `Tests/Benchmarks/websocket/`. It serves `/ws` with the production stack (event loops,
/// handshake, permessage-deflate negotiation) and fans one JSON message out to every open
/// session at a fixed rate through the production broadcast path: one
/// `WebSocketPreparedMessage` per tick, compressed once and shared by every connection, sent
/// through `WebSocketSession.send(_:)`, the push service's fan-out (one hop per loop). Once a second, when they changed,
/// it writes its connection figures and closes to standard error (see `ConnectionReport`).
/// A client's first message is answered with a 200-byte `snapshot` (so the load generator knows
/// it is subscribed, and a compressing connection holds a compression context); later messages are echoed, for round-trip measurements.
struct BroadcastBenchServer: CLICommand {
    static let name = "serve-broadcast"
    static let summary = "benchmark server: /ws broadcasting SIZE bytes of JSON at HZ through prepared messages"
    static let usage = BroadcastBenchOptions.usage + """

          --no-deflate     refuse permessage-deflate
          --loops N        event loops (default: one per core)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let options = try BroadcastBenchOptions(&arguments)
        let loops = try arguments.value("loops", default: EventLoopGroup.defaultLoopCount) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        let compression: PerMessageDeflateConfiguration? = arguments.flag("no-deflate") ? nil : PerMessageDeflateConfiguration()
        guard try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument") }

        let payload = BroadcastPayload(size: options.size)
        let subscribers = Mutex<[ObjectIdentifier: WebSocketSession]>([:])
        let closes = CloseTally()
        let counters = WebSocketCounters()
        let router = Router()
        router.webSocket("/ws", configuration: WebSocketConfiguration(compression: compression), counters: counters) { session in
            let id = ObjectIdentifier(session)
            session.onMessage = BroadcastBenchServer.answer(on: session, payload: payload) { [weak session] in
                if let session { subscribers.withLock { $0[id] = session } }
            }
            session.onClose = { code, reason in
                closes.record(code, reason)
                subscribers.withLock { $0[id] = nil }
            }
        }
        var configuration = ServerConfiguration()
        configuration.port = options.port
        configuration.eventLoopCount = loops
        configuration.backlog = 4096
        let server = try HTTPServer(configuration: configuration, router: router)
        let address = try server.start()
        // Unbuffered, so the runner reading a pipe sees it now.
        FileHandle.standardOutput.write(Data("serve-broadcast: listening on \(address.port)\n".utf8))
        var report = ConnectionReport(server: server, counters: counters, closes: closes)
        let hz = options.hz
        let interval = hz > 0 ? 1 / hz : 1
        var next = Date().timeIntervalSince1970
        var nextReport = next
        var sequence = 0
        while true {
            next += interval
            Thread.sleep(forTimeInterval: max(0, next - Date().timeIntervalSince1970))
            if next >= nextReport {
                report.writeIfChanged()
                nextReport = next + 1
            }
            guard hz > 0 else { continue }
            sequence += 1
            let tick = ContinuousClock.now
            let message = WebSocketPreparedMessage(
                utf8Text: payload.message(sequence: sequence, timestamp: LoadWindow.wallMilliseconds()), compression: compression,
                latencyOrigin: tick)
            WebSocketSession.send(subscribers.withLock { $0.values.map { ($0, message) } })
        }
    }

    /// A client's first message is answered with the snapshot and only then joins the broadcast
    /// (`subscribe`), so no tick reaches it before its snapshot; later messages are echoed.
    private static func answer(on session: WebSocketSession, payload: BroadcastPayload,
                               subscribe: @escaping () -> Void) -> (WebSocketMessage) -> Void {
        var subscribed = false
        return { [weak session] message in
            guard let session else { return }
            guard subscribed else {
                subscribed = true
                session.send(text: payload.snapshot(timestamp: LoadWindow.wallMilliseconds()))
                subscribe()
                return
            }
            switch message {
            case .text(let text): session.send(text: text)
            case .binary(let bytes): session.send(binary: bytes)
            }
        }
    }
}

/// The line `serve-broadcast` writes to standard error whenever its connection figures change:
/// TCP connections accepted and refused, WebSockets opened and open, broadcast frames dropped,
/// stalled clients, and every close by code and reason, so that the runner can explain each
/// connection the server lost.
private struct ConnectionReport {
    let server: HTTPServer
    let counters: WebSocketCounters
    let closes: CloseTally
    private var last = ""

    init(server: HTTPServer, counters: WebSocketCounters, closes: CloseTally) {
        self.server = server
        self.counters = counters
        self.closes = closes
    }

    /// The delay from a tick to each frame's write, in the histogram's buckets: the upper bound
    /// holding the median and the 99th percentile (over the whole run).
    private var writeDelays: String {
        let histogram = counters.deliveryLatency.snapshot
        func bound(_ quantile: Double) -> String {
            switch histogram.upperBound(atQuantile: quantile) {
            case nil: "?"
            case let bound? where bound.isInfinite: ">\(histogram.bounds.last! * 1000)"
            case let bound?: "≤\(bound * 1000)"
            }
        }
        return histogram.count == 0 ? "none" : "p50\(bound(0.5)) p99\(bound(0.99))"
    }

    mutating func writeIfChanged() {
        let line = "serve-broadcast: tcp_accepted=\(server.statistics.acceptedConnections) "
            + "tcp_refused=\(server.statistics.refusedConnections) websocket_opened=\(counters.acceptedConnections) "
            + "websocket_open=\(counters.openConnections) frames_dropped=\(counters.messagesDropped) "
            + "stalled=\(counters.stalledConnections) tick_to_write_ms: \(writeDelays) closes: \(closes.summary)\n"
        guard line != last else { return }
        last = line
        FileHandle.standardError.write(Data(line.utf8))
    }
}
