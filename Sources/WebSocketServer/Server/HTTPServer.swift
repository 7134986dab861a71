import Glibc
import HostResolution
import Synchronization

/// The HTTP/1.1 server: one listening socket (see `Listener`) whose connections are dealt to
/// the event loops in turn, each handled by `HTTPConnectionHandler` and answered by `router`.
///
/// Lifecycle: `start()` binds and starts the loops; `shutdown()` stops accepting, asks every
/// connection to wind down (`ConnectionHandler.connectionShouldShutDown`: in-flight responses
/// finish, WebSockets send close 1001), waits up to the grace period, aborts what is left and
/// joins the loop threads.
public final class HTTPServer: Sendable {
    public let configuration: ServerConfiguration
    public let router: Router
    public let group: EventLoopGroup
    private let listener = Mutex<LoopBound<Listener>?>(nil)
    /// `shutdown()` has begun: accepted sockets still on their way to a loop are closed.
    private let stopping = Atomic<Bool>(false)
    private let boundAddress = Mutex<(host: String, port: Int)?>(nil)
    private let counters = Counters()

    /// Connection counts, readable from any thread (for metrics and tests).
    public final class Counters: Sendable {
        let open = Atomic<Int>(0)
        let accepted = Atomic<Int>(0)
        let refused = Atomic<Int>(0)
        /// Connections admitted past the limit for one probe request (`connectionsBeyondLimit`).
        let beyondLimit = Atomic<Int>(0)

        /// Connections that can still send: lingering ones (shut down for writing, waiting for
        /// the peer's FIN) are no longer counted.
        public var openConnections: Int { open.load(ordering: .relaxed) }
        /// Connections accepted since start.
        public var acceptedConnections: Int { accepted.load(ordering: .relaxed) }
        /// Connections refused service because `maxConnections` was reached (closed at once, or
        /// admitted for one probe request).
        public var refusedConnections: Int { refused.load(ordering: .relaxed) }
        /// `refused` when the current run of refusals began; -1 while connections are admitted.
        /// One warning when a run begins and one line when it ends, not one per refusal.
        let refusedBeforeRun = Atomic<Int>(-1)

        /// A connection admitted under the limit, or past it for a probe, has finished.
        func release(atLimit: Bool) {
            if atLimit {
                beyondLimit.subtract(1, ordering: .relaxed)
            } else {
                open.subtract(1, ordering: .relaxed)
            }
        }
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

    /// Binds the listening socket and starts the loops; returns the bound host and port.
    /// Throws `ServerError.addressInUse` when another process holds the port.
    @discardableResult
    public func start() throws -> (host: String, port: Int) {
        signal(SIGPIPE, SIG_IGN)
        raiseOpenFilesLimit()
        let address: ResolvedAddress
        do {
            address = try ResolvedAddress.resolve(host: configuration.host, port: configuration.port)[0]
        } catch {
            throw ServerError.cannotResolve(host: error.host, reason: error.reason)
        }
        let fd = try Listener.bind(family: address.family, address: address.bytes, backlog: configuration.backlog)
        let bound = SocketAddress.local(of: fd)
        // One socket, on the first loop; accepted connections are dealt to every loop in turn.
        let acceptor = group.loops[0]
        do {
            // The loop threads have not started, so registering from here cannot race them.
            let listener = try Listener(fd: fd, loop: acceptor, logger: configuration.logger) { [self] client, peer in
                let loop = group.next()
                if loop === acceptor {
                    accept(client, peer: peer, on: loop)
                } else {
                    loop.execute { [self] in accept(client, peer: peer, on: loop) }
                }
            }
            self.listener.withLock { $0 = LoopBound(listener, loop: acceptor) }
        } catch {
            Glibc.close(fd)
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
        // Set first: a connection dealt to a loop after that loop's pass below is closed on arrival.
        stopping.store(true, ordering: .sequentiallyConsistent)
        if let listener = listener.withLock({ $0 }) {
            listener.loop.execute { listener.value.close() }
        }
        for loop in group.loops {
            loop.execute {
                for connection in loop.connections.values { connection.shutDownGracefully() }
            }
        }
        while counters.openConnections + counters.beyondLimit.load(ordering: .relaxed) > 0
                && MonotonicClock.now() < deadline {
            usleep(10_000)
        }
        group.stopAndWait()
    }

    /// Raises the soft limit on open files to what `maxConnections` (and the probes past it)
    /// need, and warns when the hard limit does not allow it: connections beyond the limit would
    /// fail at `accept` (EMFILE) instead of being refused at the connection limit.
    private func raiseOpenFilesLimit() {
        let needed = configuration.maxConnections + configuration.connectionsBeyondLimit + OpenFilesLimit.reserve
        let before = OpenFilesLimit.current
        let (after, shortfall) = OpenFilesLimit.raise(toAtLeast: needed)
        if shortfall > 0 {
            configuration.logger.warning("open files limit \(after.soft) (hard \(after.hard)) is below the \(needed) that "
                                         + "the connection limit of \(configuration.maxConnections) needs: connections past about "
                                         + "\(max(0, after.soft - OpenFilesLimit.reserve)) will fail to be accepted; raise the hard limit "
                                         + "(ulimit -Hn, LimitNOFILE=) or lower the connection limit")
        } else if after.soft != before.soft {
            configuration.logger.info("open files limit raised from \(before.soft) to \(after.soft) for the connection limit of \(configuration.maxConnections)")
        }
    }

    private func accept(_ fd: Int32, peer: String, on loop: EventLoop) {
        guard !stopping.load(ordering: .sequentiallyConsistent) else {
            Glibc.close(fd)
            return
        }
        let atLimit = counters.open.load(ordering: .relaxed) >= configuration.maxConnections
        if atLimit {
            let before = counters.refused.wrappingAdd(1, ordering: .relaxed).oldValue
            if counters.refusedBeforeRun.compareExchange(expected: -1, desired: before, ordering: .relaxed).exchanged {
                configuration.logger.warning("connection limit of \(configuration.maxConnections) reached: refusing new connections",
                                             [("client", peer)])
            }
            // A few are admitted for one request, so a liveness probe still gets its answer.
            guard counters.beyondLimit.wrappingAdd(1, ordering: .relaxed).oldValue < configuration.connectionsBeyondLimit else {
                counters.beyondLimit.subtract(1, ordering: .relaxed)
                Glibc.close(fd)
                return
            }
        }
        // A load first: while connections are admitted (-1) no write touches the shared line.
        if !atLimit, counters.refusedBeforeRun.load(ordering: .relaxed) >= 0,
           case let runStart = counters.refusedBeforeRun.exchange(-1, ordering: .relaxed), runStart >= 0 {
            let refused = counters.refused.load(ordering: .relaxed) - runStart
            configuration.logger.info("admitting connections again: \(refused) refused at the connection limit")
        }
        let handler = HTTPConnectionHandler(router: router, configuration: configuration, atConnectionLimit: atLimit)
        let connection = Connection(fd: fd, remoteAddress: peer, loop: loop,
                                    outputLimit: configuration.outputQueueLimit, handler: handler) { [counters] _ in
            counters.release(atLimit: atLimit)
        }
        if !atLimit {
            counters.open.add(1, ordering: .relaxed)
            counters.accepted.add(1, ordering: .relaxed)
        }
        do {
            try connection.activate()
        } catch {
            counters.release(atLimit: atLimit)
            Glibc.close(fd)
        }
    }
}
