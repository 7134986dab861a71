import Foundation
import Glibc
import Synchronization
import Testing
@testable import WebSocketServer

/// A broadcast group over loopback: one call reaches the sessions of every loop, in order, and
/// a session removed on close is no longer held.
@Suite struct WebSocketBroadcastGroupTests {
    /// Weak references to the sessions the route saw, and the closes.
    private final class Observed: Sendable {
        private let sessions = Mutex<[WeakSession]>([])
        let closes = Atomic<Int>(0)

        func opened(_ session: WebSocketSession) { sessions.withLock { $0.append(WeakSession(session)) } }
        var opened: Int { sessions.withLock { $0.count } }
        var alive: Int { sessions.withLock { $0.filter { $0.session != nil }.count } }
        var loops: Set<String> { Set(sessions.withLock { $0.compactMap { $0.session?.loop.name } }) }
    }

    private struct WeakSession: @unchecked Sendable {
        weak var session: WebSocketSession?
        init(_ session: WebSocketSession) { self.session = session }
    }

    private func waitFor(_ condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < deadline { usleep(5_000) }
    }

    /// Exactly `count` bytes, or fewer when the peer closes or the receive timeout passes.
    private func receive(_ count: Int, from client: LoopbackClient) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var received = 0
        while received < count {
            let got = bytes[received...].withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard got > 0 else { break }
            received += got
        }
        return Array(bytes[..<received])
    }

    private func frame(_ text: String) -> [UInt8] { [0x81, UInt8(text.utf8.count)] + Array(text.utf8) }

    @Test func oneCallReachesEverySessionOnEveryLoopAndClosedOnesAreLetGo() throws {
        let group = WebSocketBroadcastGroup()
        let observed = Observed()
        let counters = WebSocketCounters()
        let (server, port) = try startServer { router in
            router.webSocket("/ws", configuration: WebSocketConfiguration(compression: nil), counters: counters) { session in
                group.add(session)
                session.onClose = { [weak session] _, _ in
                    if let session { group.remove(session) }
                    observed.closes.add(1, ordering: .relaxed)
                }
                observed.opened(session)
            }
        }
        defer { server.shutdown() }
        let clients = try (0..<6).map { _ in
            let client = try LoopbackClient(port: port)
            client.send("GET /ws HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            #expect(client.receive(until: "\r\n\r\n").hasPrefix("HTTP/1.1 101"))
            return client
        }
        defer { clients.forEach { $0.close() } }
        waitFor { observed.opened == clients.count }
        #expect(observed.loops.count == 2)

        group.broadcast(WebSocketPreparedMessage(text: "first", compression: nil))
        group.broadcast(WebSocketPreparedMessage(text: "second", compression: nil))
        let expected = frame("first") + frame("second")
        for client in clients { #expect(receive(expected.count, from: client) == expected) }
        #expect(counters.messagesSent == 2 * clients.count)

        // One client leaves: its session is removed on close and then released.
        let leaving = clients[0]
        _ = WebSocketClientFrames.close(code: 1000).withUnsafeBytes { send(leaving.fd, $0.baseAddress, $0.count, 0) }
        waitFor { observed.closes.load(ordering: .relaxed) == 1 && observed.alive == clients.count - 1 }
        #expect(observed.alive == clients.count - 1)
        group.broadcast(WebSocketPreparedMessage(text: "third", compression: nil))
        for client in clients.dropFirst() { #expect(receive(7, from: client) == frame("third")) }
        #expect(counters.messagesSent == 3 * clients.count - 1)
    }
}
