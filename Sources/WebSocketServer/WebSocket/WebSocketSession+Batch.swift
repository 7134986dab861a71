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
    public static func send(_ batch: [(WebSocketSession, WebSocketPreparedMessage)]) {
        var byLoop: [ObjectIdentifier: (loop: EventLoop, sends: [(WebSocketSession, WebSocketPreparedMessage)])] = [:]
        for send in batch {
            byLoop[ObjectIdentifier(send.0.loop), default: (send.0.loop, [])].sends.append(send)
        }
        for (loop, sends) in byLoop.values {
            let deliver: @Sendable () -> Void = {
                var batch = WebSocketWriteBatch()
                for (session, message) in sends { session.handler?.addBroadcast(message, to: &batch) }
                batch.write()
            }
            if loop.inEventLoop { deliver() } else { loop.execute(deliver) }
        }
    }
}
