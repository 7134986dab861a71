import Foundation
import Glibc
import Metrics
import Synchronization
import Testing
@testable import WebSocketServer

/// The session API on a real server: sends from other threads hop onto the connection's loop,
/// callbacks see messages and the close, counters follow, shutdown says 1001.
@Suite struct WebSocketSessionTests {
    /// What the route saw, shared between the loop and the test thread.
    private final class Observed: Sendable {
        let session = Mutex<WebSocketSession?>(nil)
        let messages = Mutex<[WebSocketMessage]>([])
        let closes = Mutex<[(UInt16, String)]>([])
    }

    private func start(_ observed: Observed, counters: WebSocketCounters) throws -> (HTTPServer, Int) {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 2
        configuration.shutdownGracePeriod = .seconds(2)
        let router = Router()
        router.webSocket("/ws", configuration: WebSocketConfiguration(compression: nil), counters: counters) { session in
            session.onMessage = { message in observed.messages.withLock { $0.append(message) } }
            session.onClose = { code, reason in observed.closes.withLock { $0.append((code.rawValue, reason)) } }
            observed.session.withLock { $0 = session }
        }
        let server = try HTTPServer(configuration: configuration, router: router)
        return (server, try server.start().port)
    }

    private func connect(port: Int) throws -> LoopbackClient {
        let client = try LoopbackClient(port: port)
        client.send("GET /ws HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        #expect(client.receive(until: "\r\n\r\n").contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        return client
    }

    private func waitFor(_ condition: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition() && ContinuousClock.now < deadline { usleep(5_000) }
    }

    private func sendFrame(_ client: LoopbackClient, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, 0) }
    }

    @Test func sendsFromAnotherThreadAndReportsTheClose() throws {
        let observed = Observed()
        let counters = WebSocketCounters()
        let (server, port) = try start(observed, counters: counters)
        defer { server.shutdown() }
        let client = try connect(port: port)
        defer { client.close() }
        waitFor { observed.session.withLock { $0 != nil } }
        let session = try #require(observed.session.withLock { $0 })
        #expect(!session.loop.inEventLoop)

        // From this (non-loop) thread: a direct send and a prepared broadcast whose content began 30 ms ago.
        session.send(text: "from the test thread")
        WebSocketSession.send([(session, WebSocketPreparedMessage(text: "prepared once", compression: nil,
                                                                  latencyOrigin: .now - .milliseconds(30)))])
        let received = client.receive(until: "prepared once")
        #expect(received.contains("from the test thread") && received.contains("prepared once"))

        sendFrame(client, WebSocketClientFrames.text("hello server"))
        waitFor { observed.messages.withLock { !$0.isEmpty } }
        #expect(observed.messages.withLock { $0 } == [.text("hello server")])
        #expect(counters.messagesReceived == 1 && counters.messagesSent == 2 && counters.openConnections == 1)
        // 20 + 13 payload bytes, each frame with a 2-byte header (no compression here).
        #expect(counters.payloadBytesSent == 33 && counters.bytesSent == 37)
        // Only the prepared message has an origin: one delivery, in the bucket of 30 ms or more.
        let latency = counters.deliveryLatency.snapshot
        #expect(latency.count == 1 && latency.sum >= 0.03 && latency.sum < 5)
        #expect(zip(latency.bounds, latency.counts).allSatisfy { bound, count in count == 0 || bound >= 0.03 })

        sendFrame(client, WebSocketClientFrames.close(code: 4000, reason: Array("done".utf8)))
        waitFor { observed.closes.withLock { !$0.isEmpty } }
        let closes = observed.closes.withLock { $0 }
        #expect(closes.count == 1 && closes.first?.0 == 4000 && closes.first?.1 == "done")
        waitFor { counters.openConnections == 0 }
        #expect(counters.openConnections == 0 && counters.acceptedConnections == 1)
        // 4000 is an application's code: counted as one outside 1000…1015.
        #expect(counters.closesByCode.map { "\($0.code.map(String.init) ?? "other") \($0.count)" } == ["other 1"])
    }

    @Test func serverShutdownClosesWith1001() throws {
        let observed = Observed()
        let counters = WebSocketCounters()
        let (server, port) = try start(observed, counters: counters)
        let client = try connect(port: port)
        defer { client.close() }
        waitFor { observed.session.withLock { $0 != nil } }
        let shutdown = Thread { server.shutdown() }
        shutdown.start()
        // The close frame carries 1001 and its reason; the client never answers, so the close
        // completes when the grace period aborts the connection.
        #expect(client.receive(until: "shutting down").hasSuffix("server shutting down"))
        waitFor { observed.closes.withLock { !$0.isEmpty } }
        #expect(observed.closes.withLock { $0.first?.0 } == 1001)
        #expect(counters.closesByCode.map { "\($0.code.map(String.init) ?? "other") \($0.count)" } == ["1001 1"])
    }
}
