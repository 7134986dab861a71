import Foundation

/// The I/O shell around `WebSocketStateMachine` on one connection: feeds it the bytes read,
/// writes the frames it produces, runs its timers on the loop, and enforces the output bound.
///
/// Backpressure has two faces, both bounded by `maximumPendingOutput` (or the connection's own
/// queue limit when smaller):
/// - Broadcast frames (`send(prepared:)`) that do not fit are **dropped** and counted: a slow
///   subscriber misses updates (the push protocol's sequence numbers reveal the gap) instead of
///   holding memory.
/// - Direct sends (`send(text:)`, `send(binary:)`, control frames) are answers to what the client
///   sent, so they are never dropped: they wait in a small overflow list (itself bounded) and
///   **reading pauses** until the queue drains, which throttles the client to the pace at which
///   it reads (this is what keeps `/echo` lossless under Autobahn's floods).
/// Either way a stall timer starts. The rule is progress, not draining: under a continuous
/// broadcast a client that reads slowly keeps a full queue forever and is served what it can
/// take. Only when its TCP stack acknowledged not one byte during a whole `outputStallTimeout`
/// is the client not reading: the connection is closed with 1008 and aborted (a close frame could not
/// reach it anyway), logged and counted.
///
/// The keepalive gets the same treatment: a ping queued behind a backlog cannot be answered
/// before the client has read up to it, so an overdue pong is excused while the client's TCP
/// stack keeps acknowledging output still in flight, or while its bytes wait unread here.
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
    /// The transport when the stall timer was armed: the next check looks for output since.
    private var sampleAtStallCheck: TransportSample?
    /// The transport when the machine's timer last fired (when the keepalive ping went out).
    private var sampleAtMachineTimer: TransportSample?
    private var closeReported = false
    /// Frames that must be sent but did not fit, in order; reading is paused while any wait.
    private var overflow: [[UInt8]] = []
    private var overflowBytes = 0
    /// The state machine ended the connection while frames still waited in `overflow`.
    private var closeAfterOverflow = false
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
        backlog = configuration.inboundBacklog.map(InboundBacklog.init)
    }

    // MARK: Application calls (on the loop)

    /// Queues the frame `build` makes unless the connection is closing. A `droppable` frame
    /// that does not fit is dropped; any other waits in the overflow list (see the type's note).
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
        guard let connection, overflow.isEmpty, connection.canJoinWriteBatch else {
            sendBroadcast(message)
            return
        }
        guard let choice = machine.frameChoice(prepared: message) else { return }
        batch.add(message, choice, for: connection, counters: counters)
    }

    /// Writes `frame` now when it fits, else parks it (or drops it when `droppable`).
    /// Returns false when it was dropped.
    private func enqueue(_ frame: [UInt8], droppable: Bool, on connection: Connection) -> Bool {
        if overflow.isEmpty, fits(frame.count, on: connection), connection.write(frame) {
            return true
        }
        startStallTimer(on: connection)
        let bound = outputBound(of: connection)
        guard !droppable, overflow.isEmpty || overflowBytes + frame.count <= bound else { return false }
        overflow.append(frame)
        overflowBytes += frame.count
        updateReading(on: connection)
        return true
    }

    /// The output bound: the configured one, or the connection's queue limit when smaller.
    private func outputBound(of connection: Connection) -> Int {
        min(configuration.maximumPendingOutput, connection.outputLimit)
    }

    /// Whether `count` more bytes fit: always into an empty queue (one large message may go
    /// out), else only under the bound.
    private func fits(_ count: Int, on connection: Connection) -> Bool {
        connection.queuedBytes == 0 || connection.queuedBytes + count <= outputBound(of: connection)
    }

    /// Moves waiting frames into the drained queue; resumes reading (or finishes closing) once
    /// none are left.
    private func flushOverflow(on connection: Connection) {
        var written = 0
        while written < overflow.count, fits(overflow[written].count, on: connection),
              connection.write(overflow[written]) {
            overflowBytes -= overflow[written].count
            written += 1
        }
        overflow.removeFirst(written)
        if !overflow.isEmpty {
            startStallTimer(on: connection)
        } else if closeAfterOverflow {
            connection.close()
        } else {
            updateReading(on: connection)
        }
    }

    /// Reads while nothing waits in `overflow` and the inbound backlog is under its bound (or no
    /// longer matters: after our close frame, data is read only to find the client's close).
    private func updateReading(on connection: Connection) {
        if overflow.isEmpty, !isHeldBack {
            connection.resumeReading()
        } else {
            connection.pauseReading()
        }
    }

    /// The application finished `messages` messages of `bytes` payload bytes: once the backlog
    /// has drained enough, the bytes held back are framed and reading resumes.
    func inboundHandled(messages: Int, bytes: Int) {
        guard backlog?.handled(messages: messages, bytes: bytes) == true else { return }
        frameHeldBytes()
    }

    /// Whether the inbound backlog holds reading back now.
    private var isHeldBack: Bool { backlog?.isPaused == true && machine.isOpen }

    /// Frames the bytes held back (as far as the backlog allows) and reads again if it may.
    private func frameHeldBytes() {
        guard let connection, connection.isOpen else { return }
        let held = unframed
        unframed = []
        if !held.isEmpty { frame(held[...]) }
        updateReading(on: connection)
    }

    func close(code: WebSocketCloseCode, reason: String, awaitingReply: Bool = true) {
        perform(machine.close(code: code, reason: reason, now: .now))
        guard !awaitingReply, let connection else {
            // The backlog no longer holds reading back: the client's close must be read.
            frameHeldBytes()
            return
        }
        reportClose(code, reason)
        unframed = []
        if overflow.isEmpty {
            connection.close()
        } else {
            closeAfterOverflow = true
        }
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
                if overflow.isEmpty {
                    connection.close()
                } else {
                    closeAfterOverflow = true
                }
            }
        }
        rearmTimer(on: connection)
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
        let sample = transportSample(of: connection)
        if machine.isPongOverdue(at: now), let earlier = sampleAtMachineTimer, sample.showsPeerAlive(since: earlier) {
            machine.peerShowedLife(now: now)
        }
        sampleAtMachineTimer = sample
        perform(machine.timerFired(now: now))
    }

    private func transportSample(of connection: Connection) -> TransportSample {
        let unacknowledged = connection.bytesUnacknowledged
        return TransportSample(bytesAcknowledged: connection.bytesWritten - UInt64(min(unacknowledged, Int(connection.bytesWritten))),
                               bytesInFlight: unacknowledged + connection.queuedBytes + overflowBytes,
                               unreadInputBytes: connection.unreadInputBytes)
    }

    private func startStallTimer(on connection: Connection) {
        guard stallTimer == nil else { return }
        sampleAtStallCheck = transportSample(of: connection)
        stallTimer = connection.schedule(after: configuration.outputStallTimeout) { [self] in
            stallTimer = nil
            stallTimerFired(connection)
        }
    }

    /// The output is still backed up a stall timeout after the last check: another window if
    /// the client took anything meanwhile, else it is not reading.
    private func stallTimerFired(_ connection: Connection) {
        guard connection.isOpen, connection.queuedBytes > 0 else { return }
        if let earlier = sampleAtStallCheck, transportSample(of: connection).hasDelivered(since: earlier) {
            startStallTimer(on: connection)
            return
        }
        counters.connectionStalled()
        let queued = connection.queuedBytes
        let reason = "client stopped reading: \(queued) bytes queued, none taken for \(configuration.outputStallTimeout)"
        configuration.logger.warning("websocket \(connection.remoteAddress) closed 1008: \(reason)", [("client", connection.remoteAddress)])
        _ = machine.close(code: .policyViolation, reason: "output stalled", now: .now)
        reportClose(.policyViolation, reason)
        connection.abort()
    }
}

extension WebSocketConnectionHandler: ConnectionHandler {
    func handlerAdded(to connection: Connection) {
        self.connection = connection
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
        frame(bytes)
    }

    /// Feeds `bytes` to the machine one message at a time (the application's answer to a message
    /// is framed before the bytes after it can fail the connection). When the inbound backlog
    /// fills, the rest is held in `unframed` and reading pauses until the application catches up.
    private func frame(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            let now = ContinuousClock.now
            while offset < buffer.count, !machine.isClosed {
                if isHeldBack {
                    unframed.append(contentsOf: buffer[offset...])
                    if let connection { updateReading(on: connection) }
                    return
                }
                let step = machine.receiveMessage(UnsafeRawBufferPointer(rebasing: buffer[offset...]), now: now)
                offset += step.consumed
                perform(step.events)
            }
        }
    }

    func connectionDidDrain(_ connection: Connection) {
        stallTimer?.cancel()
        stallTimer = nil
        if !overflow.isEmpty { flushOverflow(on: connection) }
    }

    func connectionDidReachEndOfInput(_ connection: Connection) {
        if let event = machine.transportClosed() { perform([event]) }
        connection.close()
    }

    func connectionShouldShutDown(_ connection: Connection) {
        close(code: .goingAway, reason: "server shutting down")
    }

    func connectionDidClose(_ connection: Connection, error: SystemError?) {
        self.connection = nil
        timer?.handle.cancel()
        timer = nil
        stallTimer?.cancel()
        stallTimer = nil
        if let event = machine.transportClosed(), case .closeConnection(let code, let reason) = event {
            reportClose(code, reason)
        }
        session?.handler = nil
    }
}
