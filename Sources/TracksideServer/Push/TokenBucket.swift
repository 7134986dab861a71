/// A token bucket with an injected clock: `capacity` operations at once, refilled at
/// `refillPerSecond`. Bounds how often one client may re-subscribe.
public struct TokenBucket: Sendable {
    public let capacity: Double
    public let refillPerSecond: Double
    private var tokens: Double
    private var updated: Double?

    public init(capacity: Double, refillPerSecond: Double) {
        self.capacity = capacity
        self.refillPerSecond = refillPerSecond
        tokens = capacity
    }

    /// Takes one token at time `now` (seconds); false when the bucket is empty.
    public mutating func take(now: Double) -> Bool {
        if let updated, now > updated {
            tokens = min(capacity, tokens + (now - updated) * refillPerSecond)
        }
        updated = max(updated ?? now, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Seconds until a token is available at `now`.
    public func wait(now: Double) -> Double {
        guard tokens < 1 else { return 0 }
        let elapsed = max(0, now - (updated ?? now))
        return max(0, (1 - tokens) / refillPerSecond - elapsed)
    }
}
