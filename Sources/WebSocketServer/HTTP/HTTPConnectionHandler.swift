/// Drives one HTTP/1.1 connection: parses requests, asks the router, writes responses in order.
///
/// Requests are answered one at a time in arrival order (pipelining): while a response is being
/// prepared (a deferred handler) or cannot be queued (the output queue is full), reading pauses,
/// so neither the parser's buffer nor the output queue grows without bound. A response waiting
/// for a client that takes none of it for `writeTimeout` aborts the connection
/// (`OutputProgressWatch`), whether it is kept alive or closing.
///
/// A connection admitted past the connection limit (`atConnectionLimit`) answers one request:
/// through the router on `pathsAnsweredAtConnectionLimit`, else with a 503.
final class HTTPConnectionHandler {
    private enum Deadline {
        /// Waiting for the first byte of a request: expiry closes quietly.
        case idle
        /// A request has started arriving: expiry answers 408.
        case request
    }

    private let router: Router
    private let configuration: ServerConfiguration
    private var parser: HTTPRequestParser
    /// The current deadline. Re-arming only moves this; the one loop timer below fires at its
    /// own time and re-schedules itself if the deadline moved later, so a keep-alive connection
    /// answering thousands of requests does not schedule and cancel timers for each.
    private var deadline: (kind: Deadline, at: UInt64)?
    private var timer: (handle: TimerHandle, at: UInt64)?
    /// A request is with a deferred handler.
    private var awaitingResponse = false
    /// A response that did not fit in the output queue yet.
    private var blockedResponse: (chunks: [[UInt8]], keepAlive: Bool)?
    private var isShuttingDown = false
    private var hasUpgraded = false
    /// Admitted past `maxConnections`: one request, answered only on the probe paths.
    private let atConnectionLimit: Bool
    private var writeWatch: OutputProgressWatch
    private var writeWatchTimer: TimerHandle?
    /// How long an expired deadline waits again when the client's bytes sit unread.
    private static let unreadInputGrace: Duration = .seconds(1)

    init(router: Router, configuration: ServerConfiguration, atConnectionLimit: Bool = false) {
        self.router = router
        self.configuration = configuration
        self.atConnectionLimit = atConnectionLimit
        self.parser = HTTPRequestParser(limits: configuration.requestLimits)
        writeWatch = OutputProgressWatch(window: configuration.writeTimeout)
    }

    // MARK: Requests

    private func processRequests(_ connection: Connection) {
        while connection.isOpen && !awaitingResponse && blockedResponse == nil && !hasUpgraded {
            guard connection.queuedBytes < connection.outputLimit else {
                connection.pauseReading()  // resumed by connectionDidDrain
                return
            }
            guard let event = parser.next() else {
                if parser.isMidRequest && deadline?.kind != .request { arm(.request, on: connection) }
                if parser.takeContinueDue() {
                    connection.write(HTTPResponseHead.encode(HTTPResponse(status: .continue), version: .http1_1, keepAlive: true))
                }
                return
            }
            cancelDeadline()
            switch event {
            case .failure(let error):
                send(error.response, version: .http1_1, isHead: false, keepAlive: false, on: connection)
            case .request(let request):
                dispatch(request, on: connection)
            }
        }
    }

    private func dispatch(_ request: HTTPRequest, on connection: Connection) {
        if atConnectionLimit && !configuration.pathsAnsweredAtConnectionLimit.contains(String(request.rawPath)) {
            var full = HTTPResponse.error(.serviceUnavailable, code: "at_connection_limit",
                                          message: "the server is at its connection limit; try again shortly",
                                          json: request.isAPI)
            full.headers.set("Retry-After", "1")
            return respond(to: request, with: full, on: connection)
        }
        switch router.resolve(request, remoteAddress: connection.remoteAddress) {
        case .response(let response):
            respond(to: request, with: response, on: connection)
        case .respond(.immediate(let handler), let routed):
            respond(to: request, with: handler(routed), on: connection)
        case .respond(.deferred(let handler), let routed):
            awaitingResponse = true
            connection.pauseReading()
            let bound = LoopBound(self, loop: connection.loop)
            let boundConnection = LoopBound(connection, loop: connection.loop)
            handler(routed, ResponsePromise(loop: connection.loop) { response in
                bound.value.deliver(response, for: request, on: boundConnection.value)
            })
        case .respond(.upgrade(let handler), let routed):
            switch handler(routed) {
            case .reject(let response):
                respond(to: request, with: response, on: connection)
            case .accept(let headers, let newHandler):
                let head = HTTPResponseHead.encode(HTTPResponse(status: .switchingProtocols, headers: headers),
                                                   version: request.version, keepAlive: true)
                hasUpgraded = true
                cancelDeadline()
                timer?.handle.cancel()
                timer = nil
                writeWatchTimer?.cancel()
                writeWatchTimer = nil
                writeWatch.drained()
                connection.write(head)
                connection.switchHandler(to: newHandler, unconsumed: parser.takeUnconsumed())
            }
        }
    }

    private func deliver(_ response: HTTPResponse, for request: HTTPRequest, on connection: Connection) {
        guard awaitingResponse, connection.isOpen else { return }
        awaitingResponse = false
        connection.resumeReading()
        respond(to: request, with: response, on: connection)
        processRequests(connection)
    }

    private func respond(to request: HTTPRequest, with response: HTTPResponse, on connection: Connection) {
        let response = router.finish(response, for: request)
        let keepAlive = request.keepAlive && !isShuttingDown && !atConnectionLimit
            && !response.headers.contains("Connection", token: "close")
        send(response, version: request.version, isHead: request.method == "HEAD", keepAlive: keepAlive, on: connection)
    }

    private func send(_ response: HTTPResponse, version: HTTPVersion, isHead: Bool, keepAlive: Bool,
                      on connection: Connection) {
        let head = HTTPResponseHead.encode(response, version: version, keepAlive: keepAlive)
        let chunks = isHead || response.status.forbidsBody ? [head] : [head, response.body]
        guard connection.write(chunks) else {
            blockedResponse = (chunks, keepAlive)
            connection.pauseReading()
            watchWriteProgress(on: connection)
            return
        }
        finishResponse(keepAlive: keepAlive, on: connection)
        watchWriteProgress(on: connection)
    }

    // MARK: Write progress

    /// Response bytes wait for the client: blocked or queued here, or (`inKernel`, which costs a
    /// system call) unacknowledged in the kernel. A response the kernel took whole needs no
    /// window: the keep-alive or linger timeout ends the connection if the client never reads it.
    private func hasOutputWaiting(_ connection: Connection, inKernel: Bool) -> Bool {
        blockedResponse != nil || connection.queuedBytes > 0 || (inKernel && connection.hasOutputInFlight)
    }

    /// Starts a write-progress window when response bytes wait for the client.
    private func watchWriteProgress(on connection: Connection) {
        guard !hasUpgraded, !writeWatch.isWatching, hasOutputWaiting(connection, inKernel: false),
              writeWatch.outputWaiting(connection.transportSample()) else { return }
        writeWatchTimer = connection.schedule(after: writeWatch.window) { [weak self, unowned connection] in
            self?.writeWindowEnded(on: connection)
        }
    }

    private func writeWindowEnded(on connection: Connection) {
        writeWatchTimer = nil
        guard !hasUpgraded else { return }
        switch writeWatch.windowEnded(connection.transportSample(), outputWaiting: hasOutputWaiting(connection, inKernel: true)) {
        case .drained:
            break
        case .progressing:
            writeWatchTimer = connection.schedule(after: writeWatch.window) { [weak self, unowned connection] in
                self?.writeWindowEnded(on: connection)
            }
        case .stalled:
            configuration.logger.info("HTTP client \(connection.remoteAddress) took no response bytes for \(configuration.writeTimeout): connection aborted",
                                      [("client", connection.remoteAddress)])
            connection.abort()
        }
    }

    private func finishResponse(keepAlive: Bool, on connection: Connection) {
        guard keepAlive else {
            connection.close()
            return
        }
        if isShuttingDown && !parser.isMidRequest {
            connection.close()
            return
        }
        arm(parser.isMidRequest ? .request : .idle, on: connection)
    }

    // MARK: Deadlines

    /// The configured request timeout; at most `probeRequestTimeout` on a connection past the
    /// limit, so slow senders cannot hold the few probe slots long.
    private var requestTimeout: Duration {
        atConnectionLimit ? min(configuration.requestTimeout, Self.probeRequestTimeout) : configuration.requestTimeout
    }

    /// How long a connection admitted past the connection limit may take to send its request.
    static let probeRequestTimeout: Duration = .seconds(2)

    private func arm(_ kind: Deadline, on connection: Connection, after delay: Duration? = nil) {
        let timeout = delay ?? (kind == .request ? requestTimeout : configuration.keepAliveTimeout)
        let at = MonotonicClock.now() &+ timeout.clampedNanoseconds
        deadline = (kind, at)
        if let timer, timer.at <= at { return }
        timer?.handle.cancel()
        scheduleTimer(at: at, on: connection)
    }

    private func scheduleTimer(at: UInt64, on connection: Connection) {
        let delay = Duration.nanoseconds(Int64(clamping: at &- min(at, MonotonicClock.now())))
        let handle = connection.schedule(after: delay) { [weak self, unowned connection] in
            self?.timerFired(on: connection)
        }
        timer = (handle, at)
    }

    private func cancelDeadline() {
        deadline = nil
    }

    private func timerFired(on connection: Connection) {
        timer = nil
        guard let deadline else { return }
        if deadline.at > MonotonicClock.now() {
            scheduleTimer(at: deadline.at, on: connection)
            return
        }
        self.deadline = nil
        deadlineExpired(deadline.kind, on: connection)
    }

    private func deadlineExpired(_ kind: Deadline, on connection: Connection) {
        guard connection.isOpen, !awaitingResponse, !hasUpgraded else { return }
        // Bytes the client sent wait unread: a loop this far behind is the server's fault, not
        // the client's. Look again shortly; the loop reads them first if it catches up.
        if connection.unreadInputBytes > 0 {
            arm(kind, on: connection, after: HTTPConnectionHandler.unreadInputGrace)
            return
        }
        switch kind {
        case .idle:
            connection.close()
        case .request:
            let timeout = HTTPParseError(status: .requestTimeout, message: "the request did not arrive in time",
                                         target: parser.partialTarget)
            send(timeout.response, version: .http1_1, isHead: false, keepAlive: false, on: connection)
        }
    }
}

extension HTTPConnectionHandler: ConnectionHandler {
    func handlerAdded(to connection: Connection) {
        // A new connection gets the request timeout, not the longer keep-alive one, to send its first request.
        arm(.idle, on: connection, after: requestTimeout)
    }

    func connection(_ connection: Connection, didRead bytes: ArraySlice<UInt8>) {
        guard !hasUpgraded else { return }
        parser.append(bytes)
        // A request that arrives whole is answered at once; only one left incomplete arms the
        // request deadline (in processRequests).
        processRequests(connection)
    }

    func connectionDidDrain(_ connection: Connection) {
        if let blocked = blockedResponse {
            guard connection.write(blocked.chunks) else { return }
            blockedResponse = nil
            finishResponse(keepAlive: blocked.keepAlive, on: connection)
        }
        guard connection.isOpen, !awaitingResponse else { return }
        connection.resumeReading()
        processRequests(connection)
    }

    func connectionShouldShutDown(_ connection: Connection) {
        isShuttingDown = true
        if !awaitingResponse && blockedResponse == nil && !parser.isMidRequest {
            connection.close()
        }
    }

    func connectionDidClose(_ connection: Connection, error: SystemError?) {
        cancelDeadline()
        timer = nil
        writeWatchTimer = nil
    }
}
