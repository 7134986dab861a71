import Foundation

/// The I/O shell around `WebSocketStateMachine` on one connection: feeds it the bytes read,
/// writes the frames it produces, runs its timers on the loop, and applies the backpressure
/// policy (`WebSocketBackpressure`: broadcast frames that do not fit are dropped, answers are
/// parked while reading pauses, a client that takes nothing for the stall timeout is closed with
/// 1008 and aborted, an overdue pong is excused while the client is still taking a backlog).
///
/// A close the peer causes (its close frame, a protocol failure, its end of input) is written
/// after the answers the application still owes to the messages before it: at once when the
/// application answers inside `onMessage`, else when it says so through
/// `WebSocketSession.onPeerClosing` (at most the close timeout later).
final class WebSocketConnectionHandler {
    private var machine: WebSocketStateMachine
    private let configuration: WebSocketConfiguration
    private let request: RoutedRequest
    private let acceptance: WebSocketHandshake.Acceptance
    private let counters: WebSocketCounters
    private let onOpen: (WebSocketSession) -> Void
    /// Strong while the connection is open (it holds this handler too; the cycle ends in
    /// `connectionDidClose`): broadcasts read it for every frame.
    private var connection: Connection?
    /// Created when the handler is installed, which is when the loop is known.
    private var session: WebSocketSession?
    private var timer: (deadline: ContinuousClock.Instant, handle: TimerHandle)?
    private var stallTimer: TimerHandle?
    private var closeReported = false
    /// Set again in `handlerAdded`, when the connection's own queue limit is known.
    private var backpressure: WebSocketBackpressure
    /// The close the peer caused, held for the application's answers (`onPeerClosing`).
    private var heldClose: (events: [WebSocketEvent], timeout: TimerHandle)?
    /// Messages the application has not finished, when the configuration bounds them.
    private var backlog: InboundBacklog?
    /// Bytes read but not yet framed because the backlog paused the connection mid-buffer.
    private var unframed: [UInt8] = []

    init(request: RoutedRequest, acceptance: WebSocketHandshake.Acceptance, configuration: WebSocketConfiguration,
         counters: WebSocketCounters, onOpen: @escaping (WebSocketSession) -> Void) {
        self.request = request
        self.acceptance = acceptance
        self.configuration = configuration
        self.counters = counters
        self.onOpen = onOpen
        machine = WebSocketStateMachine(configuration: configuration, compression: acceptance.compression, now: .now)
        backpressure = WebSocketBackpressure(maximumPendingOutput: configuration.maximumPendingOutput, queueLimit: .max,
                                             stallTimeout: configuration.outputStallTimeout)
        backlog = configuration.inboundBacklog.map(InboundBacklog.init)
    }

    // MARK: Application calls (on the loop)

    /// Queues the frame `build` makes unless the connection is closing. A `droppable` frame
    /// that does not fit is dropped; any other is parked (see `WebSocketBackpressure`).
    /// `payloadBytes` is the message's size before compression; a droppable frame that was
    /// written counts its delay since `latencyOrigin` (it went straight to `writev`).
    func send(droppable: Bool, payloadBytes: Int, latencyOrigin: ContinuousClock.Instant? = nil,
              _ build: (inout WebSocketStateMachine) -> [UInt8]?) {
        guard let connection, connection.isOpen, let frame = build(&machine) else { return }
        if enqueue(frame, droppable: droppable, on: connection) {
            counters.messageSent(frameBytes: frame.count, payloadBytes: payloadBytes)
            if droppable, let latencyOrigin { counters.deliveryLatency.observe(.now - latencyOrigin) }
        } else {
            counters.messageDropped()
        }
    }

    /// Queues a broadcast frame, dropped when the output is over its bound.
    func sendBroadcast(_ message: WebSocketPreparedMessage) {
        send(droppable: true, payloadBytes: message.payload.count, latencyOrigin: message.latencyOrigin) { machine in
            machine.frame(prepared: message)
        }
    }

    /// Adds a broadcast frame to `batch` when the connection can take it straight away (open,
    /// nothing queued or parked), else sends it the usual way (queued behind, or dropped when
    /// over the bound).
    func addBroadcast(_ message: WebSocketPreparedMessage, to batch: inout WebSocketWriteBatch) {
        guard let connection, !backpressure.pausesReading, connection.canJoinWriteBatch else {
            sendBroadcast(message)
            return
        }
        guard let choice = machine.frameChoice(prepared: message) else { return }
        batch.add(message, choice, for: connection, counters: counters)
    }

    /// Writes `frame` now when the policy admits it, else parks or drops it. Returns false when
    /// it was dropped.
    private func enqueue(_ frame: [UInt8], droppable: Bool, on connection: Connection) -> Bool {
        var admission = backpressure.admit(frame.count, droppable: droppable, queuedBytes: connection.queuedBytes)
        if admission == .write {
            if connection.write(frame) { return true }
            admission = backpressure.refused(frame.count, droppable: droppable)
        }
        watchForStall(on: connection)
        guard admission == .park else { return false }
        backpressure.park(frame)
        connection.pauseReading()
        return true
    }

    /// Moves parked frames into the drained queue; resumes reading (or finishes closing) once
    /// none are left.
    private func flushParked(on connection: Connection) {
        while let frame = backpressure.nextParked(queuedBytes: connection.queuedBytes), connection.write(frame) {
            backpressure.parkedFrameWritten()
        }
        switch backpressure.afterFlush {
        case .stillParked: watchForStall(on: connection)
        case .close: connection.close()
        case .resumeReading: updateReading(on: connection)
        }
    }

    /// Reads unless output is parked, a close is held, or the inbound backlog is over its bound
    /// (which no longer matters once our close frame is out: data is then read only to find the
    /// client's close).
    private func updateReading(on connection: Connection) {
        if !backpressure.pausesReading, heldClose == nil, !isHeldBack {
            connection.resumeReading()
        } else {
            connection.pauseReading()
        }
    }

    /// Whether the inbound backlog holds reading back now.
    private var isHeldBack: Bool { backlog?.isPaused == true && machine.isOpen }

    /// The application finished `messages` messages of `bytes` payload bytes: once the backlog
    /// has drained enough, the bytes held back are framed and reading resumes.
    func inboundHandled(messages: Int, bytes: Int) {
        guard backlog?.handled(messages: messages, bytes: bytes) == true else { return }
        frameHeldBytes()
    }

    /// Frames the bytes held back (as far as the backlog allows) and reads again if it may.
    private func frameHeldBytes() {
        guard let connection, connection.isOpen else { return }
        let held = unframed
        unframed = []
        if !held.isEmpty { frame(held[...], on: connection) }
        updateReading(on: connection)
    }

    /// Starts the closing handshake. Without `awaitingReply` the TCP connection closes as soon as
    /// the close frame is written (`WebSocketSession.close`).
    func close(code: WebSocketCloseCode, reason: String, awaitingReply: Bool = true) {
        perform(machine.close(code: code, reason: reason, now: .now))
        guard !awaitingReply, let connection else {
            // The backlog no longer holds reading back: the client's close must be read.
            frameHeldBytes()
            return
        }
        reportClose(code, reason)
        unframed = []
        if backpressure.closeRequested() { connection.close() }
    }

    // MARK: Events

    private func perform(_ events: [WebSocketEvent]) {
        guard let connection else { return }
        for event in events {
            switch event {
            case .message(let message):
                counters.messageReceived()
                backlog?.received(bytes: message.payloadCount)
                session?.onMessage?(message)
            case .send(let bytes):
                _ = enqueue(bytes, droppable: false, on: connection)
            case .closeConnection(let code, let reason):
                if [.protocolError, .invalidFramePayloadData, .messageTooBig].contains(code) {
                    counters.protocolFailure()
                }
                reportClose(code, reason)
                if backpressure.closeRequested() { connection.close() }
            }
        }
        rearmTimer(on: connection)
    }

    /// Events the peer's bytes caused. A close among them (with the close frame before it, if
    /// any) waits for the application's answers when it asked to (`onPeerClosing`); what came
    /// before, the messages included, is performed now.
    private func performPeerEvents(_ events: [WebSocketEvent], on connection: Connection) {
        guard let onPeerClosing = session?.onPeerClosing,
              let end = events.firstIndex(where: { if case .closeConnection = $0 { true } else { false } }) else {
            return perform(events)
        }
        var start = end
        if end > 0, case .send = events[end - 1] { start = end - 1 }
        perform(Array(events[..<start]))
        hold(Array(events[start...]), until: onPeerClosing, on: connection)
    }

    private func hold(_ closing: [WebSocketEvent], until onPeerClosing: (@escaping @Sendable () -> Void) -> Void,
                      on connection: Connection) {
        machine.holdCloseForReplies()
        connection.pauseReading()
        let timeout = connection.schedule(after: configuration.closeTimeout) { [self] in releaseHeldClose() }
        heldClose = (closing, timeout)
        let loop = connection.loop
        let session = session
        onPeerClosing {
            loop.execute { session?.handler?.releaseHeldClose() }
        }
    }

    /// Writes the held close, now behind every answer the application gave before.
    private func releaseHeldClose() {
        guard let held = heldClose else { return }
        heldClose = nil
        held.timeout.cancel()
        machine.closeReleased()
        perform(held.events)
    }

    private func reportClose(_ code: WebSocketCloseCode, _ reason: String) {
        guard !closeReported else { return }
        closeReported = true
        counters.connectionClosed(code: code)
        session?.onClose?(code, reason)
        // Break the cycles applications create by capturing the session in its callbacks.
        session?.onMessage = nil
        session?.onClose = nil
    }

    // MARK: Timers

    /// Keeps one loop timer armed at the machine's next deadline. A deadline that moved later
    /// (traffic postpones the keepalive) is left to the timer already armed, which re-arms when
    /// it fires, so busy connections do not churn the timer queue.
    private func rearmTimer(on connection: Connection) {
        guard let next = machine.nextDeadline else {
            timer?.handle.cancel()
            timer = nil
            return
        }
        if let armed = timer, armed.deadline <= next { return }
        timer?.handle.cancel()
        // Strong captures: the connection cancels its timers when it closes, which frees them
        // (and a weak reference would slow down every retain of these objects on the send path).
        let handle = connection.schedule(after: next - .now) { [self] in
            timer = nil
            machineTimerFired(on: connection)
        }
        timer = (next, handle)
    }

    private func machineTimerFired(on connection: Connection) {
        let now = ContinuousClock.now
        if backpressure.keepaliveTimerFired(transportSample(of: connection), pongOverdue: machine.isPongOverdue(at: now)) {
            machine.peerShowedLife(now: now)
        }
        perform(machine.timerFired(now: now))
    }

    private func transportSample(of connection: Connection) -> TransportSample {
        connection.transportSample(parkedBytes: backpressure.parkedBytes)
    }

    private func watchForStall(on connection: Connection) {
        guard backpressure.outputBackedUp(transportSample(of: connection)) else { return }
        scheduleStallCheck(on: connection)
    }

    private func scheduleStallCheck(on connection: Connection) {
        stallTimer = connection.schedule(after: configuration.outputStallTimeout) { [self] in
            stallTimer = nil
            stallWindowEnded(connection)
        }
    }

    /// The output is still backed up a stall timeout after the window began: another window if
    /// the client took anything meanwhile, else it is not reading.
    private func stallWindowEnded(_ connection: Connection) {
        guard connection.isOpen else { return }
        switch backpressure.stallWindowEnded(transportSample(of: connection), queuedBytes: connection.queuedBytes) {
        case .drained:
            return
        case .progressing:
            scheduleStallCheck(on: connection)
        case .stalled:
            counters.connectionStalled()
            let queued = connection.queuedBytes
            let reason = "client stopped reading: \(queued) bytes queued, none taken for \(configuration.outputStallTimeout)"
            configuration.logger.warning("websocket \(connection.remoteAddress) closed 1008: \(reason)", [("client", connection.remoteAddress)])
            _ = machine.close(code: .policyViolation, reason: "output stalled", now: .now)
            reportClose(.policyViolation, reason)
            connection.abort()
        }
    }
}

extension WebSocketConnectionHandler: ConnectionHandler {
    func handlerAdded(to connection: Connection) {
        self.connection = connection
        backpressure = WebSocketBackpressure(maximumPendingOutput: configuration.maximumPendingOutput,
                                             queueLimit: connection.outputLimit, stallTimeout: configuration.outputStallTimeout)
        let session = WebSocketSession(request: request, subprotocol: acceptance.subprotocol,
                                       compression: acceptance.compression, loop: connection.loop)
        session.handler = self
        self.session = session
        counters.connectionOpened()
        onOpen(session)
        rearmTimer(on: connection)
    }

    func connection(_ connection: Connection, didRead bytes: ArraySlice<UInt8>) {
        guard unframed.isEmpty else {
            unframed.append(contentsOf: bytes)
            return
        }
        frame(bytes, on: connection)
    }

    /// Feeds `bytes` to the machine one message at a time (the application's answer to a message
    /// is framed before the bytes after it can fail the connection). When the inbound backlog
    /// fills, the rest is held in `unframed` and reading pauses until the application catches up.
    private func frame(_ bytes: ArraySlice<UInt8>, on connection: Connection) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            let now = ContinuousClock.now
            while offset < buffer.count, !machine.isClosed {
                if isHeldBack {
                    unframed.append(contentsOf: buffer[offset...])
                    updateReading(on: connection)
                    return
                }
                let step = machine.receiveMessage(UnsafeRawBufferPointer(rebasing: buffer[offset...]), now: now)
                offset += step.consumed
                performPeerEvents(step.events, on: connection)
            }
        }
    }

    func connectionDidDrain(_ connection: Connection) {
        stallTimer?.cancel()
        stallTimer = nil
        backpressure.drained()
        if backpressure.pausesReading { flushParked(on: connection) }
    }

    func connectionDidReachEndOfInput(_ connection: Connection) {
        guard let event = machine.transportClosed() else { return connection.close() }
        performPeerEvents([event], on: connection)
    }

    func connectionShouldShutDown(_ connection: Connection) {
        // A close held for answers goes now: the server is leaving.
        releaseHeldClose()
        close(code: .goingAway, reason: "server shutting down")
    }

    func connectionDidClose(_ connection: Connection, error: SystemError?) {
        self.connection = nil
        timer?.handle.cancel()
        timer = nil
        stallTimer?.cancel()
        stallTimer = nil
        heldClose = nil
        if let event = machine.transportClosed(), case .closeConnection(let code, let reason) = event {
            reportClose(code, reason)
        }
        session?.handler = nil
    }
}
