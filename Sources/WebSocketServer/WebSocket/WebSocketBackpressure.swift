/// The backpressure policy of one WebSocket connection as a value: which frames are written,
/// parked or dropped, when reading pauses, when a client that stopped reading is closed, and when
/// an overdue pong is excused. Every decision is made from queue sizes and `TransportSample`s the
/// caller passes in, so the rules are testable without sockets or clocks;
/// `WebSocketConnectionHandler` applies them.
///
/// - Broadcast frames (droppable) that do not fit under `bound` are **dropped**: a slow
///   subscriber misses updates (the push protocol's sequence numbers reveal the gap) instead of
///   holding memory.
/// - Direct frames (answers, control frames) are never dropped while the parked list has room:
///   they are **parked**, in order, and reading pauses until they are written, which throttles a
///   client to the pace at which it reads (what keeps `/echo` lossless under Autobahn's floods).
/// - Either way the stall watch (`OutputProgressWatch`) runs: a client whose TCP stack
///   acknowledges not one byte for a whole stall timeout is not reading and is closed.
/// - An overdue keepalive pong is excused while the client's TCP stack keeps acknowledging output
///   still in flight, or its bytes wait unread here (`TransportSample.showsPeerAlive`).
struct WebSocketBackpressure {
    /// What happens to a frame offered for sending.
    enum Admission: Equatable {
        /// Write it now.
        case write
        /// Keep it, in order, until the queue drains; reading pauses.
        case park
        /// Drop it (and count it).
        case drop
    }

    /// What the connection does once parked frames have been moved into its drained queue.
    enum AfterFlush: Equatable {
        /// Some still wait: reading stays paused and the stall watch runs.
        case stillParked
        /// None wait: read again.
        case resumeReading
        /// None wait and the connection was asked to close meanwhile: close now.
        case close
    }

    /// The most bytes queued (and parked) before frames stop being written.
    let bound: Int
    /// Frames that must be sent but did not fit, in order.
    private(set) var parked: [[UInt8]] = []
    private(set) var parkedBytes = 0
    /// The connection was asked to close while frames were parked.
    private(set) var closesAfterParked = false
    private(set) var stallWatch: OutputProgressWatch
    /// The transport when the keepalive timer last fired (when the ping went out).
    private var sampleAtKeepalive: TransportSample?

    /// The policy for `maximumPendingOutput` over a connection whose own queue holds at most
    /// `queueLimit` bytes (the smaller bounds), closing a client that takes nothing for `stallTimeout`.
    init(maximumPendingOutput: Int, queueLimit: Int, stallTimeout: Duration) {
        bound = min(maximumPendingOutput, queueLimit)
        stallWatch = OutputProgressWatch(window: stallTimeout)
    }

    /// Whether reading from the client pauses: answers wait for it to read.
    var pausesReading: Bool { !parked.isEmpty }

    /// Whether `count` more bytes fit beside `queuedBytes`: always into an empty queue (one large
    /// message may go out), else only under the bound.
    func fits(_ count: Int, queuedBytes: Int) -> Bool {
        queuedBytes == 0 || queuedBytes + count <= bound
    }

    /// Decides a frame of `count` bytes with `queuedBytes` already queued: written when nothing is
    /// parked ahead of it and it fits, else as `refused` says.
    func admit(_ count: Int, droppable: Bool, queuedBytes: Int) -> Admission {
        parked.isEmpty && fits(count, queuedBytes: queuedBytes) ? .write : refused(count, droppable: droppable)
    }

    /// A frame that cannot be written now: a droppable one is dropped; another is parked when
    /// nothing is parked yet or it fits beside what is, else dropped (the parked list is bounded too).
    func refused(_ count: Int, droppable: Bool) -> Admission {
        !droppable && (parked.isEmpty || parkedBytes + count <= bound) ? .park : .drop
    }

    /// Keeps `frame` after the frames parked before it.
    mutating func park(_ frame: [UInt8]) {
        parked.append(frame)
        parkedBytes += frame.count
    }

    /// The first parked frame when it fits beside `queuedBytes` now; after writing it, call
    /// `parkedFrameWritten()`.
    func nextParked(queuedBytes: Int) -> [UInt8]? {
        guard let first = parked.first, fits(first.count, queuedBytes: queuedBytes) else { return nil }
        return first
    }

    /// The frame `nextParked` returned was written.
    mutating func parkedFrameWritten() {
        parkedBytes -= parked.removeFirst().count
    }

    /// What to do after moving what fits of the parked frames into the queue.
    var afterFlush: AfterFlush {
        if !parked.isEmpty { return .stillParked }
        return closesAfterParked ? .close : .resumeReading
    }

    /// The connection is to close: true to close now, false when parked frames go first (the
    /// close follows `afterFlush == .close`).
    mutating func closeRequested() -> Bool {
        guard !parked.isEmpty else { return true }
        closesAfterParked = true
        return false
    }

    /// Output backed up (a frame did not fit): true when this starts a stall window, so the
    /// caller arms a timer for the stall timeout.
    mutating func outputBackedUp(_ sample: TransportSample) -> Bool {
        stallWatch.outputWaiting(sample)
    }

    /// The queue drained: no stall window runs.
    mutating func drained() {
        stallWatch.drained()
    }

    /// The stall window ended with `queuedBytes` still queued: `.stalled` closes the client.
    mutating func stallWindowEnded(_ sample: TransportSample, queuedBytes: Int) -> OutputProgressWatch.Verdict {
        stallWatch.windowEnded(sample, outputWaiting: queuedBytes > 0)
    }

    /// The keepalive timer fired with the transport at `sample`: whether a pong that is
    /// `pongOverdue` is excused because the client showed life since the timer last fired.
    mutating func keepaliveTimerFired(_ sample: TransportSample, pongOverdue: Bool) -> Bool {
        defer { sampleAtKeepalive = sample }
        guard pongOverdue, let earlier = sampleAtKeepalive else { return false }
        return sample.showsPeerAlive(since: earlier)
    }
}
