import Foundation
import Glibc
import Synchronization
import Testing
@testable import WebSocketServer

/// A blocking loopback client for driving a real server from tests (also used by the WebSocket session tests).
struct LoopbackClient {
    let fd: Int32

    /// `receiveBuffer`: SO_RCVBUF in bytes, set before connecting so that the kernel holds
    /// little of what a slow reader has not read yet.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SystemError("connect") }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
    }

    /// Reads until `text` has been seen, the peer closes, or the receive timeout passes.
    func receive(until text: String? = nil) -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer[0..<count]
            if let text, String(decoding: received, as: UTF8.self).contains(text) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    func close() { Glibc.close(fd) }
}

/// After an upgrade: echoes bytes back in upper case, says goodbye on shutdown.
private final class ShoutingHandler: ConnectionHandler {
    func connection(_ connection: Connection, didRead bytes: ArraySlice<UInt8>) {
        connection.write(Array(String(decoding: bytes, as: UTF8.self).uppercased().utf8))
    }

    func connectionShouldShutDown(_ connection: Connection) {
        connection.write(Array("BYE".utf8))
        connection.close()
    }
}

/// A started server on an ephemeral port with two loops, routes set by `configure`; also used by the WebSocket suites.
func startServer(_ configure: (Router) -> Void) throws -> (HTTPServer, Int) {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.eventLoopCount = 2
    configuration.shutdownGracePeriod = .seconds(2)
    let router = Router()
    configure(router)
    let server = try HTTPServer(configuration: configuration, router: router)
    let address = try server.start()
    return (server, address.port)
}

@Suite struct HTTPServerTests {
    @Test func deferredResponsesArriveFromAnotherThreadInPipelineOrder() throws {
        let (server, port) = try startServer { router in
            router.addDeferred("GET", "/slow/{n}") { routed, promise in
                let name = routed.parameters["n"] ?? ""
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { promise.succeed(.text("slow \(name)")) }
            }
            router.get("/fast") { _ in .text("fast") }
        }
        defer { server.shutdown() }
        let client = try LoopbackClient(port: port)
        defer { client.close() }
        client.send("GET /slow/1 HTTP/1.1\r\nHost: h\r\n\r\nGET /fast HTTP/1.1\r\nHost: h\r\n\r\nGET /slow/2 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let reply = client.receive()
        let bodies = ["slow 1", "fast", "slow 2"].map { reply.range(of: $0)?.lowerBound }
        #expect(bodies.allSatisfy { $0 != nil })
        #expect(bodies.compactMap { $0 } == bodies.compactMap { $0 }.sorted())
    }

    @Test func aDroppedPromiseAnswers500() throws {
        let (server, port) = try startServer { router in
            router.addDeferred("GET", "/forgotten") { _, _ in }
        }
        defer { server.shutdown() }
        let client = try LoopbackClient(port: port)
        defer { client.close() }
        client.send("GET /forgotten HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(client.receive(until: "answer").hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
    }

    @Test func upgradeHandsTheConnectionAndLeftoverBytesToTheNewHandler() throws {
        let (server, port) = try startServer { router in
            router.upgrade("/shout") { routed in
                guard routed.request.headers.contains("Upgrade", token: "shout") else {
                    return .reject(.text("say Upgrade: shout", status: .upgradeRequired))
                }
                return .accept(headers: HTTPHeaders([("Upgrade", "shout"), ("Connection", "Upgrade")]), handler: ShoutingHandler())
            }
        }
        let client = try LoopbackClient(port: port)
        defer { client.close() }
        client.send("GET /shout HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(client.receive(until: "shout").hasPrefix("HTTP/1.1 426 Upgrade Required\r\n"))
        client.send("GET /shout HTTP/1.1\r\nHost: h\r\nUpgrade: shout\r\nConnection: Upgrade\r\n\r\nhello")
        let reply = client.receive(until: "HELLO")
        #expect(reply.hasPrefix("HTTP/1.1 101 Switching Protocols\r\nUpgrade: shout\r\nConnection: Upgrade\r\n\r\n"))
        #expect(reply.hasSuffix("HELLO"))
        client.send("again")
        #expect(client.receive(until: "AGAIN") == "AGAIN")
        // Shutdown asks the upgraded handler to say goodbye before the socket closes.
        server.shutdown()
        #expect(client.receive() == "BYE")
    }

    @Test func shutdownClosesIdleConnectionsAndCountsThem() throws {
        let (server, port) = try startServer { router in router.get("/") { _ in .text("ok") } }
        let clients = try (0..<5).map { _ in try LoopbackClient(port: port) }
        defer { clients.forEach { $0.close() } }
        for client in clients {
            client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(client.receive(until: "ok").hasPrefix("HTTP/1.1 200 OK"))
        }
        #expect(server.statistics.openConnections == 5)
        #expect(server.statistics.acceptedConnections == 5)
        let started = Date()
        server.shutdown()
        // Well short of the 4 s grace period, with room for a busy machine.
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(server.statistics.openConnections == 0)
        for client in clients { #expect(client.receive() == "") }
    }

    @Test func shutdownLetsAResponseInFlightFinish() throws {
        let (server, port) = try startServer { router in
            router.addDeferred("GET", "/report") { _, promise in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { promise.succeed(.text("finished")) }
            }
        }
        let client = try LoopbackClient(port: port)
        defer { client.close() }
        client.send("GET /report HTTP/1.1\r\nHost: h\r\n\r\n")
        usleep(50_000)
        let started = Date()
        server.shutdown()
        // Done when the response is (0.3 s), not after the 4 s grace period; room for a busy machine.
        #expect(Date().timeIntervalSince(started) < 3)
        let reply = client.receive()
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(reply.contains("\r\nConnection: close\r\n"))
        #expect(reply.hasSuffix("finished"))
    }

    @Test func connectionsBeyondTheLimitAreRefusedAndTheRunIsLoggedOnce() throws {
        let lines = LoggerTests.Lines()
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 1
        configuration.maxConnections = 2
        configuration.logger = Logger { line in lines.written.withLock { $0.append(line) } }
        let router = Router()
        router.get("/") { _ in .text("ok") }
        let server = try HTTPServer(configuration: configuration, router: router)
        let port = try server.start().port
        defer { server.shutdown() }
        var admitted = try (0..<2).map { _ in try LoopbackClient(port: port) }
        defer { admitted.forEach { $0.close() } }
        for client in admitted {
            client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(client.receive(until: "ok").hasPrefix("HTTP/1.1 200 OK"))
        }
        for _ in 0..<2 {
            let refused = try LoopbackClient(port: port)
            #expect(refused.receive() == "")
            refused.close()
        }
        #expect(server.statistics.refusedConnections == 2)
        #expect(server.statistics.openConnections == 2)
        // One warning for the run of refusals, not one per connection.
        #expect(lines.all.filter { $0.contains("connection limit of 2 reached") }.count == 1)

        // A place frees up; the next connection is admitted and the run's end is logged.
        admitted.removeFirst().close()
        let deadline = ContinuousClock.now + .seconds(10)
        while server.statistics.openConnections > 1 && ContinuousClock.now < deadline { usleep(5_000) }
        let next = try LoopbackClient(port: port)
        defer { next.close() }
        next.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(next.receive(until: "ok").hasPrefix("HTTP/1.1 200 OK"))
        #expect(lines.all.contains { $0.contains("admitting connections again: 2 refused at the connection limit") })
    }

    @Test func aClientThatDoesNotReadIsHeldAtTheOutputBound() throws {
        let payload = [UInt8](repeating: 0x61, count: 256 * 1024)
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 1
        configuration.outputQueueLimit = 512 * 1024
        let router = Router()
        router.get("/big") { _ in HTTPResponse(body: payload) }
        let server = try HTTPServer(configuration: configuration, router: router)
        let port = try server.start().port
        defer { server.shutdown() }
        let client = try LoopbackClient(port: port)
        defer { client.close() }
        var small: Int32 = 4096
        setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(4))
        client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: h\r\n\r\n", count: 200))
        usleep(300_000)
        let queued = Mutex<Int>(-1)
        let loop = server.group.loops[0]
        loop.execute { queued.withLock { $0 = loop.connections.values.first?.queuedBytes ?? -1 } }
        usleep(100_000)
        let held = queued.withLock { $0 }
        // 200 responses of 256 KiB were asked for; at most the bound plus one response waits in memory.
        #expect(held > 0)
        #expect(held <= configuration.outputQueueLimit + payload.count + 1024)
    }

    @Test func requestsWaitingUnreadBehindABusyLoopAreAnsweredNotTimedOut() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.eventLoopCount = 1
        configuration.requestTimeout = .milliseconds(300)
        let router = Router()
        router.get("/") { _ in .text("ok") }
        let server = try HTTPServer(configuration: configuration, router: router)
        let port = try server.start().port
        defer { server.shutdown() }
        // More connections than the loop takes events per wake-up (256), each with its request
        // deadline armed at accept.
        let clients = try (0..<300).map { _ in try LoopbackClient(port: port) }
        defer { clients.forEach { $0.close() } }
        let deadline = ContinuousClock.now + .seconds(10)
        while server.statistics.openConnections < clients.count && ContinuousClock.now < deadline { usleep(10_000) }
        #expect(server.statistics.openConnections == clients.count)
        // The loop is busy past every deadline while the requests arrive: when it comes back,
        // the deadlines are due before it has read the requests of the last 44 sockets.
        let blocked = DispatchSemaphore(value: 0)
        server.group.loops[0].execute {
            blocked.signal()
            usleep(1_000_000)
        }
        blocked.wait()
        for client in clients { client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n") }
        let answered = clients.filter { $0.receive(until: "ok").hasPrefix("HTTP/1.1 200 OK") }.count
        #expect(answered == clients.count)
    }
}
