import Synchronization

extension WebSocketSession {
    /// The fan-out API: sends each prepared message (its frame bytes shared) to its session, in
    /// order, with one hop per event loop for
    /// the whole batch rather than one per connection: a tick that reaches ten thousand
    /// sessions queues one closure on each loop, which then writes the frames to its own
    /// sessions in one `WebSocketWriteBatch`. Messages to one session keep their order, within the batch
    /// and after earlier batches (each loop runs its queued work in order). A message that does
    /// not fit under a connection's output bound is dropped and counted (a broadcast must never
    /// let one slow subscriber hold memory); one written counts in
    /// `WebSocketCounters.deliveryLatency` when it has a `latencyOrigin`.
    ///
    /// `written`, when given, runs once every loop has written its part of the batch, on the last
    /// of them to finish (or at once for an empty batch): the end of a tick's fan-out.
    public static func send(_ batch: [(WebSocketSession, WebSocketPreparedMessage)],
                            written: (@Sendable () -> Void)? = nil) {
        var byLoop: [ObjectIdentifier: (loop: EventLoop, sends: [(WebSocketSession, WebSocketPreparedMessage)])] = [:]
        for send in batch {
            byLoop[ObjectIdentifier(send.0.loop), default: (send.0.loop, [])].sends.append(send)
        }
        let loopsWriting = LoopsWriting(byLoop.count)
        if byLoop.isEmpty { written?() }
        for (loop, sends) in byLoop.values {
            let deliver: @Sendable () -> Void = {
                var batch = WebSocketWriteBatch()
                for (session, message) in sends { session.handler?.addBroadcast(message, to: &batch) }
                batch.write()
                if let written, loopsWriting.finished() { written() }
            }
            if loop.inEventLoop { deliver() } else { loop.execute(deliver) }
        }
    }
}

/// The loops of one batch still writing, counted down from any of them.
private final class LoopsWriting: Sendable {
    private let remaining: Atomic<Int>

    init(_ count: Int) {
        remaining = Atomic(count)
    }

    /// One loop has written its part; true for the last one.
    func finished() -> Bool {
        remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0
    }
}
