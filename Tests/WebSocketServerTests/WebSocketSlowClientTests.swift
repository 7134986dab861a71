import Foundation
import Glibc
import Synchronization
import Testing
@testable import WebSocketServer

/// Backpressure on the broadcast path over loopback, with short timeouts: under a broadcast
/// that keeps every queue over its bound, a client that reads slowly but steadily stays
/// connected through many stall and pong timeouts (and misses frames instead), while a client
/// that reads nothing is closed, with 1008 by the stall rule or 1006 by the keepalive.
/// (The kernel buffers up to megabytes ahead of a slow reader on loopback, so a ping reaches
/// it seconds after it was queued.)
@Suite struct WebSocketSlowClientTests {
    /// What the route saw, shared between the loops and the test thread.
    private final class Observed: Sendable {
        let sessions = Mutex<[WebSocketSession]>([])
        /// Close code and reason by the client's address.
        let closes = Mutex<[String: (code: UInt16, reason: String)]>([:])
    }

    /// A client reading at most `chunk` bytes every 10 ms on its own thread and answering pings.
    private final class SlowReader: Sendable {
        let client: LoopbackClient
        private let chunk: Int
        private let stopping = StopFlag()
        private let done = DispatchSemaphore(value: 0)
        private let pongs = Atomic<Int>(0)
        private let ended = Atomic<Bool>(false)

        init(_ client: LoopbackClient, chunk: Int) {
            self.client = client
            self.chunk = chunk
        }

        /// Pongs sent so far, each for a ping that reached it behind the backlog.
        var pongsSent: Int { pongs.load(ordering: .relaxed) }
        /// Whether the server closed the connection (read returned 0 or failed).
        var connectionEnded: Bool { ended.load(ordering: .relaxed) }

        func start() {
            Thread { [self] in
                var frames = ServerFrameStream()
                var buffer = [UInt8](repeating: 0, count: chunk)
                while !stopping.isSet {
                    let count = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else {
                        ended.store(true, ordering: .relaxed)
                        break
                    }
                    for frame in frames.append(buffer[0..<count]) where frame.opcode == .ping {
                        let pong = WebSocketClientFrames.frame(opcode: 0xA, payload: frame.payload)
                        _ = pong.withUnsafeBytes { send(client.fd, $0.baseAddress, $0.count, 0) }
                        pongs.add(1, ordering: .relaxed)
                    }
                    usleep(10_000)
                }
                done.signal()
            }.start()
        }

        func stop() {
            stopping.set()
            done.wait()
        }
    }

    /// Set once by the test thread, read by a worker thread.
    private final class StopFlag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    /// Server frames cut from a byte stream as they complete.
    private struct ServerFrameStream {
        private var pending: [UInt8] = []

        mutating func append(_ bytes: ArraySlice<UInt8>) -> [(opcode: WebSocketOpcode?, payload: [UInt8])] {
            pending += bytes
            var frames: [(opcode: WebSocketOpcode?, payload: [UInt8])] = []
            var index = 0
            while case .header(let header, let length) = pending[index...].withUnsafeBytes({ WebSocketFrameHeader.parse($0) }),
                  pending.count - index - length >= Int(header.payloadLength) {
                let start = index + length
                index = start + Int(header.payloadLength)
                frames.append((header.opcode, Array(pending[start..<index])))
            }
            pending.removeFirst(index)
            return frames
        }
    }

    private func start(_ configuration: WebSocketConfiguration, _ observed: Observed,
                       counters: WebSocketCounters) throws -> (HTTPServer, Int) {
        try startServer { router in
            router.webSocket("/ws", configuration: configuration, counters: counters) { session in
                let address = session.remoteAddress
                session.onClose = { code, reason in observed.closes.withLock { $0[address] = (code.rawValue, reason) } }
                observed.sessions.withLock { $0.append(session) }
            }
        }
    }

    /// Connects with a 4 KiB receive buffer (so the kernel holds little unread) and upgrades;
    /// returns the client and its address as the server sees it.
    private func connect(port: Int) throws -> (LoopbackClient, String) {
        let client = try LoopbackClient(port: port, receiveBuffer: 4096)
        client.send("GET /ws HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        var head: [UInt8] = []
        var byte: UInt8 = 0
        // Byte by byte, so that no frame after the head is consumed here.
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8), recv(client.fd, &byte, 1, 0) == 1 { head.append(byte) }
        #expect(String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101"))
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(client.fd, $0, &length) }
        }
        return (client, "127.0.0.1:\(UInt16(bigEndian: address.sin_port))")
    }

    private func waitFor(seconds: Int, _ condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition() && ContinuousClock.now < deadline { usleep(10_000) }
    }

    /// Broadcasts eight 4 KiB prepared messages to every session every 2 ms (at least 3 MB/s
    /// even when sleeps overrun to 10 ms, twice what the faster slow reader takes), until the
    /// returned flag is set.
    private func startBroadcast(to observed: Observed) -> StopFlag {
        let stop = StopFlag()
        let message = WebSocketPreparedMessage(text: String(repeating: "x", count: 4096), compression: nil)
        Thread {
            while !stop.isSet {
                let sessions = observed.sessions.withLock { $0 }
                for _ in 0..<8 {
                    WebSocketSession.send(sessions.map { ($0, message) })
                }
                usleep(2_000)
            }
        }.start()
        return stop
    }

    /// What happened to the two clients.
    private struct Outcome {
        var stuckClose: (code: UInt16, reason: String)?
        var slowClose: (code: UInt16, reason: String)?
        /// Broadcast frames dropped after the stuck client was closed: all for the slow reader
        /// (frames are dropped only when a queue is over its bound).
        var droppedForTheSlowReader: Int
        var slowReaderSawTheEnd: Bool
        var pongsSent: Int
        var stalledConnections: Int
    }

    /// Connects a slow reader (taking `chunk` bytes every 10 ms) and a client that reads
    /// nothing, broadcasts until the latter is closed, then for at least `timeouts` more and
    /// until `condition` holds for the reader.
    private func run(_ configuration: WebSocketConfiguration, readerChunk chunk: Int, timeouts: Duration,
                     until condition: @escaping (SlowReader) -> Bool = { _ in true }) throws -> Outcome {
        let observed = Observed()
        let counters = WebSocketCounters()
        let (server, port) = try start(configuration, observed, counters: counters)
        defer { server.shutdown() }
        let (slow, slowAddress) = try connect(port: port)
        let (stuck, stuckAddress) = try connect(port: port)
        defer { slow.close(); stuck.close() }
        waitFor(seconds: 10) { observed.sessions.withLock { $0.count } == 2 }

        let reader = SlowReader(slow, chunk: chunk)
        reader.start()
        let stopBroadcast = startBroadcast(to: observed)
        waitFor(seconds: 20) { observed.closes.withLock { $0[stuckAddress] } != nil }
        let droppedBefore = counters.messagesDropped
        let observeUntil = ContinuousClock.now + timeouts
        waitFor(seconds: 20) {
            ContinuousClock.now >= observeUntil && counters.messagesDropped > droppedBefore && condition(reader)
        }
        stopBroadcast.set()
        reader.stop()
        let closes = observed.closes.withLock { $0 }
        return Outcome(stuckClose: closes[stuckAddress], slowClose: closes[slowAddress],
                       droppedForTheSlowReader: counters.messagesDropped - droppedBefore,
                       slowReaderSawTheEnd: reader.connectionEnded, pongsSent: reader.pongsSent,
                       stalledConnections: counters.stalledConnections)
    }

    @Test func aSlowReaderStaysThroughStallTimeoutsAndANonReaderIsClosedWith1008() throws {
        let configuration = WebSocketConfiguration(pingInterval: nil, maximumPendingOutput: 16 * 1024,
                                                   outputStallTimeout: .seconds(1), compression: nil)
        let outcome = try run(configuration, readerChunk: 2048, timeouts: .seconds(4))
        #expect(outcome.stuckClose?.code == 1008)
        #expect(outcome.stuckClose?.reason.hasPrefix("client stopped reading") == true)
        #expect(outcome.stalledConnections == 1)
        // Its queue stayed over the bound (frames were dropped for it) through four stall
        // timeouts, and it is still connected.
        #expect(outcome.droppedForTheSlowReader > 0)
        #expect(outcome.slowClose == nil && !outcome.slowReaderSawTheEnd)
    }

    @Test func aSlowReaderStaysThroughPongTimeoutsAndANonReaderIsDroppedWith1006() throws {
        let configuration = WebSocketConfiguration(pingInterval: .milliseconds(300), pongTimeout: .milliseconds(600),
                                                   maximumPendingOutput: 16 * 1024, outputStallTimeout: .seconds(60),
                                                   compression: nil)
        // Until pings have reached the reader behind its backlog, and been answered late.
        let outcome = try run(configuration, readerChunk: 16 * 1024, timeouts: .seconds(3)) { $0.pongsSent >= 2 }
        #expect(outcome.stuckClose?.code == 1006)
        #expect(outcome.stuckClose?.reason == "no answer to a keepalive ping")
        #expect(outcome.stalledConnections == 0)
        #expect(outcome.pongsSent >= 2)
        #expect(outcome.droppedForTheSlowReader > 0)
        #expect(outcome.slowClose == nil && !outcome.slowReaderSawTheEnd)
    }
}
