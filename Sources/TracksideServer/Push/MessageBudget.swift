/// How many messages of any kind one connection may send: `PushLimits.messageBurst` at once,
/// refilled at `messagesPerSecond`. A message over budget is refused (`rate_limited`) before it
/// is even parsed, so garbage costs as little as a valid message; a connection that goes on
/// sending over budget — more than `refusalsBeforeClose` refusals, forgiven at one a second —
/// is closed with 1008. Pure: the caller passes the time.
public struct MessageBudget: Sendable {
    /// What to do with one message.
    public enum Verdict: Equatable, Sendable {
        case accept
        /// Refuse it; a token is available again in this many seconds.
        case refuse(retryAfter: Double)
        /// The connection keeps exceeding its budget: close it.
        case close
    }

    private var messages: TokenBucket
    private var refusals: TokenBucket

    public init(limits: PushLimits) {
        messages = TokenBucket(capacity: limits.messageBurst, refillPerSecond: limits.messagesPerSecond)
        refusals = TokenBucket(capacity: limits.refusalsBeforeClose, refillPerSecond: 1)
    }

    /// Judges one message arriving at `now` (seconds).
    public mutating func admit(now: Double) -> Verdict {
        if messages.take(now: now) { return .accept }
        guard refusals.take(now: now) else { return .close }
        return .refuse(retryAfter: messages.wait(now: now))
    }
}
