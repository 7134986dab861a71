import CLinux
import Glibc

/// One accepted TCP connection, owned by the event loop it was accepted on.
///
/// All methods must be called on `loop` (from a handler callback, a loop timer, or a closure
/// given to `loop.execute`); the type is `Sendable` only so that other threads can carry a
/// reference to that hop. Output goes through a bounded queue written with `writev`.
public final class Connection: @unchecked Sendable {
    /// Where the connection is in its life.
    enum State {
        /// Reading and writing.
        case open
        /// `close()` was called: no more reads are delivered; the queue is being flushed.
        case flushing
        /// Flushed and `shutdown(SHUT_WR)` done; waiting for the peer's FIN (lingering close,
        /// so unread request bytes do not turn into a reset that destroys the response).
        case lingering
        case closed
    }

    /// The loop this connection lives on.
    public let loop: EventLoop
    /// The peer's address, `host:port`.
    public let remoteAddress: String
    let fd: Int32
    private(set) var state = State.open
    private var handler: any ConnectionHandler
    private var output: OutputQueue
    private var readingPaused = false
    /// A `WebSocketWriteBatch` holds a frame for this connection that goes before anything queued.
    private var inWriteBatch = false
    private var interest: UInt32 = 0
    private var timers: [UInt64: TimerHandle] = [:]
    private var nextTimerKey: UInt64 = 0
    /// Called once, when the connection stops being able to send: it starts lingering or is released.
    private var onFinish: ((Connection) -> Void)?

    /// Bytes received from the peer.
    public private(set) var bytesRead: UInt64 = 0
    /// Bytes handed to the kernel.
    public private(set) var bytesWritten: UInt64 = 0
    /// Bytes waiting in the output queue.
    public var queuedBytes: Int { output.queuedBytes }
    /// The output queue's bound in bytes.
    public var outputLimit: Int { output.limit }
    /// Whether the connection still accepts output (not closing or closed).
    public var isOpen: Bool { state == .open }
    /// Bytes written to the kernel that the peer has not acknowledged yet.
    public var bytesUnacknowledged: Int { state == .closed ? 0 : max(0, Int(clinux_unacknowledged_output(fd))) }
    /// Bytes the peer sent that have not been read yet: reading is paused, or the loop has not
    /// come to this socket yet.
    public var unreadInputBytes: Int { state == .closed ? 0 : max(0, Int(clinux_unread_input(fd))) }

    /// The byte counters now; `parkedBytes` is output a handler holds outside the queue.
    func transportSample(parkedBytes: Int = 0) -> TransportSample {
        let unacknowledged = bytesUnacknowledged
        return TransportSample(bytesAcknowledged: bytesWritten - UInt64(min(unacknowledged, Int(bytesWritten))),
                               bytesInFlight: unacknowledged + queuedBytes + parkedBytes,
                               unreadInputBytes: unreadInputBytes)
    }

    /// Whether output written or queued has not reached the peer: queued here, or unacknowledged in the kernel.
    var hasOutputInFlight: Bool { queuedBytes > 0 || bytesUnacknowledged > 0 }

    /// How long a closed connection waits for the peer's FIN before releasing the socket.
    static let lingerTimeout: Duration = .seconds(2)

    init(fd: Int32, remoteAddress: String, loop: EventLoop, outputLimit: Int,
         handler: any ConnectionHandler, onFinish: @escaping (Connection) -> Void) {
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.loop = loop
        self.handler = handler
        self.output = OutputQueue(limit: outputLimit)
        self.onFinish = onFinish
    }

    /// Registers the socket with the loop and installs the first handler.
    func activate() throws {
        interest = EPOLLIN.rawValue
        try loop.register(fd, events: interest, source: self)
        loop.track(self)
        handler.handlerAdded(to: self)
    }

    // MARK: Output

    /// Queues `bytes` and tries to write at once. Returns false, queueing nothing, when the output
    /// queue is over its bound or the connection is closing: the caller decides whether to drop,
    /// coalesce, or close.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard enqueue(bytes) else { return false }
        flush()
        return true
    }

    /// Queues several chunks (e.g. a header and a shared payload) and writes them with one `writev`.
    /// All or nothing: returns false, queueing nothing, when they do not fit.
    @discardableResult
    public func write(_ chunks: [[UInt8]]) -> Bool {
        guard state == .open, output.append(contentsOf: chunks) else { return false }
        flush()
        return true
    }

    /// Whether `count` more bytes would be accepted by `write` now.
    public func canWrite(_ count: Int) -> Bool {
        state == .open && output.canAccept(count)
    }

    private func enqueue(_ bytes: [UInt8]) -> Bool {
        guard state == .open else { return false }
        return output.append(bytes)
    }

    /// Whether the connection may join a `WebSocketWriteBatch`: open, with nothing queued, not in one.
    var canJoinWriteBatch: Bool { state == .open && output.isEmpty && !inWriteBatch }

    /// A batch took a frame for this connection: until it is written, `write` only queues.
    func joinWriteBatch() {
        inWriteBatch = true
    }

    /// Sends the batch's frame for this connection (`bytes`, lent by the batch) with one `send`.
    /// Returns how many bytes were sent when the batch must queue the rest
    /// (`queueRestOfBatchedFrame`), or nil when the frame is done with: all sent, or the
    /// connection failed or was already closed. Without the queue's `[UInt8]` for the common
    /// case, the batch need not hand each connection a reference to a frame shared by all.
    func sendBatchedFrame(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard state != .closed else {
            inWriteBatch = false
            return nil
        }
        var sent: Int
        repeat {
            sent = Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        } while sent < 0 && errno == EINTR
        if sent < 0 && errno != EAGAIN && errno != EWOULDBLOCK {
            inWriteBatch = false
            fail(SystemError("send"))
            return nil
        }
        sent = max(0, sent)
        bytesWritten += UInt64(sent)
        guard sent < bytes.count else {
            finishBatchedFrame()
            return nil
        }
        return sent
    }

    /// Queues what `sendBatchedFrame` could not send of `frame`, ahead of what was queued meanwhile.
    func queueRestOfBatchedFrame(_ frame: [UInt8], sent: Int) {
        output.prepend(frame, written: sent)
        finishBatchedFrame()
    }

    /// The batch's frame is sent or queued: writes whatever queued behind it, finishes closing.
    private func finishBatchedFrame() {
        inWriteBatch = false
        flush()
    }

    private func flush() {
        guard !inWriteBatch else { return }
        while !output.isEmpty {
            let written = output.write(to: fd)
            if written > 0 {
                bytesWritten += UInt64(written)
                continue
            }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                setInterest(writable: true)
                return
            }
            if written < 0 && errno == EINTR { continue }
            fail(SystemError("writev"))
            return
        }
        setInterest(writable: false)
        switch state {
        case .flushing: shutDownWriting()
        default: break
        }
    }

    // MARK: Input

    /// Stops delivering reads (backpressure: the handler cannot take more now).
    public func pauseReading() {
        guard !readingPaused else { return }
        readingPaused = true
        updateInterest()
    }

    /// Resumes delivering reads after `pauseReading()`.
    public func resumeReading() {
        guard readingPaused else { return }
        readingPaused = false
        updateInterest()
    }

    // MARK: Handlers and timers

    /// Replaces the handler (e.g. HTTP → WebSocket after a 101) and hands it `unconsumed` bytes
    /// that arrived after the last request the old handler used.
    public func switchHandler(to newHandler: any ConnectionHandler, unconsumed: [UInt8] = []) {
        handler = newHandler
        newHandler.handlerAdded(to: self)
        if !unconsumed.isEmpty && state == .open {
            newHandler.connection(self, didRead: unconsumed[...])
        }
    }

    /// Runs `action` on the loop after `delay` unless cancelled or the connection closes first.
    /// Only callable on the loop, so `action` may capture the handler's non-`Sendable` state.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> TimerHandle {
        nextTimerKey += 1
        let key = nextTimerKey
        // A strong capture: `release` cancels every timer, which frees the closure (and a weak
        // reference would slow down every retain of the connection on the send path).
        let handle = loop.scheduleOnLoop(after: delay) { [self] in
            timers[key] = nil
            action()
        }
        timers[key] = handle
        return handle
    }

    /// Asks the handler to wind down because the server is stopping.
    func shutDownGracefully() {
        guard state == .open else { return }
        handler.connectionShouldShutDown(self)
    }

    // MARK: Closing

    /// Graceful close: stop reading, write out what is queued, then shut the socket down.
    public func close() {
        guard state == .open else { return }
        state = .flushing
        if output.isEmpty && !inWriteBatch {
            shutDownWriting()
        } else {
            flush()
        }
    }

    /// Immediate close: drops queued output and resets the connection.
    public func abort() {
        guard state != .closed else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        release(error: nil)
    }

    /// Used when the loop stops: a lingering connection has said everything and closes
    /// normally; any other is aborted.
    func terminate() {
        if state == .lingering {
            release(error: nil)
        } else {
            abort()
        }
    }

    private func shutDownWriting() {
        state = .lingering
        finish()
        Glibc.shutdown(fd, Int32(SHUT_WR))
        readingPaused = false
        updateInterest()
        schedule(after: Connection.lingerTimeout) { [self] in release(error: nil) }
    }

    private func fail(_ error: SystemError) {
        output.removeAll()
        release(error: error)
    }

    private func release(error: SystemError?) {
        guard state != .closed else { return }
        state = .closed
        for timer in timers.values { timer.cancel() }
        timers = [:]
        output.removeAll()
        loop.deregister(fd)
        loop.untrack(self)
        Glibc.close(fd)
        handler.connectionDidClose(self, error: error)
        finish()
    }

    private func finish() {
        onFinish?(self)
        onFinish = nil
    }

    // MARK: epoll interest

    private func setInterest(writable: Bool) {
        let wantsWrite = interest & EPOLLOUT.rawValue != 0
        guard wantsWrite != writable else { return }
        updateInterest(writable: writable)
    }

    private func updateInterest(writable: Bool? = nil) {
        guard state != .closed else { return }
        let write = writable ?? (interest & EPOLLOUT.rawValue != 0)
        var events: UInt32 = 0
        if !readingPaused { events |= EPOLLIN.rawValue }
        if write { events |= EPOLLOUT.rawValue }
        guard events != interest else { return }
        interest = events
        loop.modify(fd, events: events)
    }
}

extension Connection: EpollSource {
    func handleEvents(_ events: UInt32) {
        if events & EPOLLERR.rawValue != 0 {
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            fail(SystemError("socket", code: code == 0 ? ECONNRESET : code))
            return
        }
        if events & EPOLLOUT.rawValue != 0 {
            flush()
            if output.isEmpty && state == .open { handler.connectionDidDrain(self) }
        }
        guard state != .closed else { return }
        if events & EPOLLHUP.rawValue != 0 && readingPaused {
            // Both directions are gone and the handler wants no input: nothing more can happen.
            release(error: nil)
            return
        }
        if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue) != 0 {
            readOnce()
        }
    }

    /// Reads one buffer's worth; level-triggered epoll reports the socket again if more remains.
    private func readOnce() {
        if readingPaused && state == .open { return }
        let count = loop.readBuffer.withUnsafeMutableBytes { buffer in
            Glibc.read(fd, buffer.baseAddress, buffer.count)
        }
        if count > 0 {
            bytesRead += UInt64(count)
            // While flushing or lingering the peer's bytes are read only to be discarded.
            if state == .open { handler.connection(self, didRead: loop.readBuffer[0..<count]) }
        } else if count == 0 {
            switch state {
            case .open:
                // Stop polling for input: a half-closed socket stays readable forever.
                readingPaused = true
                updateInterest()
                handler.connectionDidReachEndOfInput(self)
            case .flushing:
                readingPaused = true
                updateInterest()
            case .lingering:
                release(error: nil)
            case .closed:
                break
            }
        } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            fail(SystemError("read"))
        }
    }
}
