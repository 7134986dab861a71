import Foundation
import Glibc
import Synchronization
import Testing
@testable import WebSocketServer

/// The one fan-out API, `WebSocketSession.send(_:)`, over loopback: one call reaches the sessions
/// of every loop, in order, and a closed session takes nothing and is not held. A batch of
/// different messages reaches each session in its order.
@Suite struct WebSocketBatchSendTests {
    /// Weak references to the sessions the route saw, and the closes.
    private final class Observed: Sendable {
        private let sessions = Mutex<[WeakSession]>([])
        let closes = Atomic<Int>(0)

        func opened(_ session: WebSocketSession) { sessions.withLock { $0.append(WeakSession(session)) } }
        var opened: Int { sessions.withLock { $0.count } }
        var alive: Int { sessions.withLock { $0.filter { $0.session != nil }.count } }
        var loops: Set<String> { Set(sessions.withLock { $0.compactMap { $0.session?.loop.name } }) }
        var live: [WebSocketSession] { sessions.withLock { $0.compactMap { $0.session } } }
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

    /// At least six upgraded clients, with sessions on both loops (the listener deals connections
    /// to the loops in turn; a few more are opened should the first six share one).
    private func openClients(port: Int, observed: Observed) throws -> [LoopbackClient] {
        var clients: [LoopbackClient] = []
        while clients.count < 6 || (observed.loops.count < 2 && clients.count < 64) {
            let client = try LoopbackClient(port: port)
            client.send("GET /ws HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            #expect(client.receive(until: "\r\n\r\n").hasPrefix("HTTP/1.1 101"))
            clients.append(client)
            waitFor { observed.opened == clients.count }
        }
        return clients
    }

    private func frame(_ text: String) -> [UInt8] { [0x81, UInt8(text.utf8.count)] + Array(text.utf8) }

    @Test func oneCallReachesEverySessionOnEveryLoopAndClosedOnesAreLetGo() throws {
        let observed = Observed()
        let counters = WebSocketCounters()
        let (server, port) = try startServer { router in
            router.webSocket("/ws", configuration: WebSocketConfiguration(compression: nil), counters: counters) { session in
                session.onClose = { _, _ in observed.closes.add(1, ordering: .relaxed) }
                observed.opened(session)
            }
        }
        defer { server.shutdown() }
        let clients = try openClients(port: port, observed: observed)
        defer { clients.forEach { $0.close() } }
        #expect(observed.loops.count == 2)
        let broadcast = { (text: String) in
            let message = WebSocketPreparedMessage(text: text, compression: nil)
            WebSocketSession.send(observed.live.map { ($0, message) })
        }

        broadcast("first")
        broadcast("second")
        let expected = frame("first") + frame("second")
        for client in clients { #expect(receive(expected.count, from: client) == expected) }
        // Counted on the loop just after the write the client already saw.
        waitFor { counters.messagesSent == 2 * clients.count }
        #expect(counters.messagesSent == 2 * clients.count)

        // One client leaves: its session is released once the connection closes (nothing but the
        // application holds it), and a batch naming it while it closes writes nothing to it.
        let leaving = clients[0]
        _ = WebSocketClientFrames.close(code: 1000).withUnsafeBytes { send(leaving.fd, $0.baseAddress, $0.count, 0) }
        waitFor { observed.closes.load(ordering: .relaxed) == 1 && observed.alive == clients.count - 1 }
        #expect(observed.alive == clients.count - 1)
        broadcast("third")
        for client in clients.dropFirst() { #expect(receive(7, from: client) == frame("third")) }
        // Counted on the loop just after the write the client already saw.
        waitFor { counters.messagesSent == 3 * clients.count - 1 }
        #expect(counters.messagesSent == 3 * clients.count - 1)
    }

    /// The client socket's local port: the port of the session's remote address.
    private func localPort(of client: LoopbackClient) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(client.fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Runs `body` with a server whose /ws sessions are observed and counted, and clients on both loops.
    private func withClients(_ body: (Observed, WebSocketCounters, [LoopbackClient]) throws -> Void) throws {
        let observed = Observed()
        let counters = WebSocketCounters()
        let (server, port) = try startServer { router in
            router.webSocket("/ws", configuration: WebSocketConfiguration(compression: nil), counters: counters) { session in
                observed.opened(session)
            }
        }
        defer { server.shutdown() }
        let clients = try openClients(port: port, observed: observed)
        defer { clients.forEach { $0.close() } }
        try body(observed, counters, clients)
    }

    @Test func aBatchReachesEachSessionWithItsOwnMessagesInOrder() throws {
        try withClients { observed, counters, clients in
            let sessions = observed.live
            #expect(sessions.count == clients.count && observed.loops.count == 2)

            // Each session's two messages name its peer's port, interleaved with everyone else's.
            let peerPort = { (session: WebSocketSession) in String(session.remoteAddress.split(separator: ":").last ?? "") }
            let batch = ["1", "2"].flatMap { part in
                sessions.map { session in (session, WebSocketPreparedMessage(text: peerPort(session) + "-" + part, compression: nil)) }
            }
            WebSocketSession.send(batch)
            for client in clients {
                let own = String(localPort(of: client))
                let expected = frame(own + "-1") + frame(own + "-2")
                #expect(receive(expected.count, from: client) == expected)
            }
            // Counted on the loop just after the write the client already saw.
            waitFor { counters.messagesSent == 2 * clients.count }
            #expect(counters.messagesSent == 2 * clients.count)
        }
    }

    /// `written` runs once, after every loop wrote its part: by then each session's frame was
    /// counted (counted on the loop right after its write), on both loops.
    @Test func writtenRunsOnceEveryLoopHasWrittenItsPart() throws {
        try withClients { observed, counters, clients in
            #expect(observed.loops.count == 2)
            let sentWhenWritten = Mutex<[Int]>([])
            let message = WebSocketPreparedMessage(text: "tick", compression: nil)
            WebSocketSession.send(observed.live.map { ($0, message) }) {
                sentWhenWritten.withLock { $0.append(counters.messagesSent) }
            }
            for client in clients { #expect(receive(6, from: client) == frame("tick")) }
            waitFor { !sentWhenWritten.withLock { $0 }.isEmpty }
            usleep(50_000)
            #expect(sentWhenWritten.withLock { $0 } == [clients.count])
            // An empty batch has nothing to wait for.
            let empty = Atomic<Int>(0)
            WebSocketSession.send([]) { empty.add(1, ordering: .relaxed) }
            #expect(empty.load(ordering: .relaxed) == 1)
        }
    }

    /// A client that is not reading takes part of a large frame; the rest waits in its queue and
    /// the next broadcast queues behind it, so once the client reads it gets both, whole and in
    /// order.
    @Test func aShortBatchedWriteKeepsTheRestAheadOfLaterFrames() throws {
        let observed = Observed()
        let (server, port) = try startServer { router in
            router.webSocket("/ws", configuration: WebSocketConfiguration(compression: nil)) { session in
                observed.opened(session)
            }
        }
        defer { server.shutdown() }
        let clients = try openClients(port: port, observed: observed)
        defer { clients.forEach { $0.close() } }
        let large = (0..<(700 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let sessions = observed.live
        for message in [WebSocketPreparedMessage(binary: large, compression: nil), WebSocketPreparedMessage(text: "after", compression: nil)] {
            WebSocketSession.send(sessions.map { ($0, message) })
        }
        // More than the kernel buffers hold between the loop and a client not reading yet.
        let length = withUnsafeBytes(of: UInt64(large.count).bigEndian) { Array($0) }
        let expected = [0x82, 127] + length + large + frame("after")
        for client in clients {
            let received = receive(expected.count, from: client)
            #expect(received.count == expected.count)
            #expect(received == expected)
        }
    }
}
