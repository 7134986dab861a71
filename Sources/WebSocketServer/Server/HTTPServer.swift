import Glibc
import Synchronization

/// The HTTP/1.1 server: one listener per event loop, connections handled by `HTTPConnectionHandler`
/// and answered by `router`.
///
/// Lifecycle: `start()` binds and starts the loops; `shutdown()` stops accepting, asks every
/// connection to wind down (`ConnectionHandler.connectionShouldShutDown`: in-flight responses
/// finish, WebSockets send close 1001), waits up to the grace period, aborts what is left and
/// joins the loop threads.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    public let router: Router
    public let group: EventLoopGroup
    private let listeners = Mutex<[LoopBound<Listener>]>([])
    private let boundAddress = Mutex<(host: String, port: Int)?>(nil)
    private let counters = Counters()

    /// Connection counts, readable from any thread (for metrics and tests).
    public final class Counters: Sendable {
        let open = Atomic<Int>(0)
        let accepted = Atomic<Int>(0)
        let refused = Atomic<Int>(0)

        /// Connections that can still send: lingering ones (shut down for writing, waiting for
        /// the peer's FIN) are no longer counted.
        public var openConnections: Int { open.load(ordering: .relaxed) }
        /// Connections accepted since start.
        public var acceptedConnections: Int { accepted.load(ordering: .relaxed) }
        /// Connections closed at once because `maxConnections` was reached.
        public var refusedConnections: Int { refused.load(ordering: .relaxed) }
        /// `refused` when the current run of refusals began; -1 while connections are admitted.
        /// One warning when a run begins and one line when it ends, not one per refusal.
        let refusedBeforeRun = Atomic<Int>(-1)
    }

    /// Creates the loops (not started) for `configuration`.
    public init(configuration: ServerConfiguration, router: Router) throws {
        self.configuration = configuration
        self.router = router
        self.group = try EventLoopGroup(count: configuration.eventLoopCount)
    }

    /// The connection counters.
    public var statistics: Counters { counters }

    /// The address actually bound (with the real port when 0 was asked), once started.
    public var localAddress: (host: String, port: Int)? { boundAddress.withLock { $0 } }

    /// Binds every loop's listener and starts the loops; returns the bound host and port.
    @discardableResult
    public func start() throws -> (host: String, port: Int) {
        signal(SIGPIPE, SIG_IGN)
        let first = try SocketAddress.resolve(host: configuration.host, port: configuration.port)
        var fds = [try Listener.bind(family: first.family, address: first.address, backlog: configuration.backlog)]
        let bound = SocketAddress.local(of: fds[0])
        do {
            // With port 0 the first bind picks the port; the other loops join it through SO_REUSEPORT.
            let shared = try SocketAddress.resolve(host: configuration.host, port: bound.port)
            for _ in 1..<group.loops.count {
                fds.append(try Listener.bind(family: shared.family, address: shared.address, backlog: configuration.backlog))
            }
            var created: [LoopBound<Listener>] = []
            for (loop, fd) in zip(group.loops, fds) {
                // The loop threads have not started, so registering from here cannot race them.
                let listener = try Listener(fd: fd, loop: loop, logger: configuration.logger) { [self] client, peer in
                    accept(client, peer: peer, on: loop)
                }
                created.append(LoopBound(listener, loop: loop))
            }
            listeners.withLock { $0 = created }
        } catch {
            for fd in fds { Glibc.close(fd) }
            throw error
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        boundAddress.withLock { $0 = (host, bound.port) }
        group.start()
        return (host, bound.port)
    }

    /// Stops accepting, lets connections finish within the grace period, then stops the loops.
    /// Blocks until done; call it once, from a thread that is not an event loop.
    public func shutdown() {
        let deadline = MonotonicClock.now() &+ configuration.shutdownGracePeriod.clampedNanoseconds
        for listener in listeners.withLock({ $0 }) {
            listener.loop.execute {
                listener.value.close()
                for connection in listener.loop.connections.values { connection.shutDownGracefully() }
            }
        }
        while counters.openConnections > 0 && MonotonicClock.now() < deadline {
            usleep(10_000)
        }
        group.stopAndWait()
    }

    private func accept(_ fd: Int32, peer: String, on loop: EventLoop) {
        guard counters.open.load(ordering: .relaxed) < configuration.maxConnections else {
            let before = counters.refused.wrappingAdd(1, ordering: .relaxed).oldValue
            if counters.refusedBeforeRun.compareExchange(expected: -1, desired: before, ordering: .relaxed).exchanged {
                configuration.logger.warning("connection limit of \(configuration.maxConnections) reached: refusing new connections",
                                             [("client", peer)])
            }
            Glibc.close(fd)
            return
        }
        // A load first: while connections are admitted (-1) no write touches the shared line.
        if counters.refusedBeforeRun.load(ordering: .relaxed) >= 0,
           case let runStart = counters.refusedBeforeRun.exchange(-1, ordering: .relaxed), runStart >= 0 {
            let refused = counters.refused.load(ordering: .relaxed) - runStart
            configuration.logger.info("admitting connections again: \(refused) refused at the connection limit")
        }
        let handler = HTTPConnectionHandler(router: router, configuration: configuration)
        let connection = Connection(fd: fd, remoteAddress: peer, loop: loop,
                                    outputLimit: configuration.outputQueueLimit, handler: handler) { [counters] _ in
            counters.open.subtract(1, ordering: .relaxed)
        }
        counters.open.add(1, ordering: .relaxed)
        counters.accepted.add(1, ordering: .relaxed)
        do {
            try connection.activate()
        } catch {
            counters.open.subtract(1, ordering: .relaxed)
            Glibc.close(fd)
        }
    }
}
