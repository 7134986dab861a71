/// A timer armed on an event loop; `cancel()` disarms it from any thread.
public struct TimerHandle: Sendable {
    let loop: EventLoop
    let id: UInt64
    /// Set when the timer was scheduled from another thread and is armed later on the loop.
    let pending: PendingTimer?

    init(loop: EventLoop, id: UInt64, pending: PendingTimer? = nil) {
        self.loop = loop
        self.id = id
        self.pending = pending
    }

    /// Disarms the timer. Harmless when it already fired or was cancelled.
    public func cancel() {
        loop.cancelTimer(self)
    }
}
