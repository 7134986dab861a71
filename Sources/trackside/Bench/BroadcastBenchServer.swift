import Foundation
import Synchronization
import WebSocketServer

/// `trackside bench serve-broadcast`: the server side of the WebSocket benchmarks in
/// `Tests/Benchmarks/websocket/`. It serves `/ws` with the production stack (event loops,
/// handshake, permessage-deflate negotiation) and fans one JSON message out to every open
/// session at a fixed rate through the production broadcast path: one
/// `WebSocketPreparedMessage` per tick, compressed once and shared by every connection.
/// A client's first message is answered with a 200-byte `snapshot` (so the load generator knows
/// it is subscribed, and a compressing connection holds a compression context); later messages are echoed, for round-trip measurements.
struct BroadcastBenchServer: CLICommand {
    static let name = "serve-broadcast"
    static let summary = "benchmark server: /ws broadcasting SIZE bytes of JSON at HZ through prepared messages"
    static let usage = """
          --port N         port on 127.0.0.1 (default 0: any; printed as `listening on PORT`)
          --size BYTES     broadcast message size (default 2048)
          --hz RATE        broadcasts per second (default 10; 0 = none, for idle and echo runs)
          --no-deflate     refuse permessage-deflate
          --loops N        event loops (default: one per core)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let port = try arguments.value("port", default: 0) { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } }
        let size = try arguments.value("size", default: 2048) { Int($0).flatMap { (64...(1 << 20)).contains($0) ? $0 : nil } }
        let hz = try arguments.value("hz", default: 10.0) { Double($0).flatMap { (0...1000).contains($0) ? $0 : nil } }
        let loops = try arguments.value("loops", default: EventLoopGroup.defaultLoopCount) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        let compression: PerMessageDeflateConfiguration? = arguments.flag("no-deflate") ? nil : PerMessageDeflateConfiguration()
        guard try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument") }

        let payload = BroadcastPayload(size: size)
        let sessions = BroadcastSessions(payload: payload)
        let router = Router()
        router.webSocket("/ws", configuration: WebSocketConfiguration(compression: compression)) { session in
            sessions.add(session)
        }
        var configuration = ServerConfiguration()
        configuration.port = port
        configuration.eventLoopCount = loops
        configuration.backlog = 4096
        let server = try HTTPServer(configuration: configuration, router: router)
        let address = try server.start()
        // Unbuffered, so the runner reading a pipe sees it now.
        FileHandle.standardOutput.write(Data("serve-broadcast: listening on \(address.port)\n".utf8))
        guard hz > 0 else {
            while true { Thread.sleep(forTimeInterval: 3600) }
        }
        let interval = 1 / hz
        var next = Date().timeIntervalSince1970
        var sequence = 0
        while true {
            next += interval
            Thread.sleep(forTimeInterval: max(0, next - Date().timeIntervalSince1970))
            sequence += 1
            let message = WebSocketPreparedMessage(utf8Text: payload.message(sequence: sequence, timestamp: LoadWindow.wallMilliseconds()),
                                                   compression: compression)
            sessions.broadcast(message)
        }
    }
}

/// The open sessions of `serve-broadcast`, registered on open and removed on close.
final class BroadcastSessions: Sendable {
    private let open = Mutex<[ObjectIdentifier: WebSocketSession]>([:])
    private let payload: BroadcastPayload

    init(payload: BroadcastPayload) {
        self.payload = payload
    }

    /// Registers `session` and sets its callbacks (called on the session's loop).
    func add(_ session: WebSocketSession) {
        let key = ObjectIdentifier(session)
        open.withLock { $0[key] = session }
        var subscribed = false
        let payload = payload
        session.onMessage = { [weak session] message in
            guard let session else { return }
            if subscribed {
                switch message {
                case .text(let text): session.send(text: text)
                case .binary(let bytes): session.send(binary: bytes)
                }
            } else {
                subscribed = true
                session.send(text: payload.snapshot(timestamp: LoadWindow.wallMilliseconds()))
            }
        }
        session.onClose = { [weak self] _, _ in
            _ = self?.open.withLock { $0.removeValue(forKey: key) }
        }
    }

    /// Sends `message` to every open session; each send hops onto that session's loop.
    func broadcast(_ message: WebSocketPreparedMessage) {
        for session in open.withLock({ Array($0.values) }) { session.send(prepared: message) }
    }
}
