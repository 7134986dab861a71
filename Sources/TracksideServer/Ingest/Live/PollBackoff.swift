/// When a poller fetches next: on its interval while healthy, exponentially later after each
/// consecutive failure (capped), with jitter so many pollers that failed together do not
/// retry together. Never sooner than the interval.
public struct PollBackoff: Equatable, Sendable {
    public var interval: Double
    /// The longest wait after failures.
    public var maximum: Double
    /// Consecutive failed fetches.
    public private(set) var failures = 0

    public init(interval: Double, maximum: Double = 300) {
        self.interval = interval
        self.maximum = max(maximum, interval)
    }

    /// Records a fetch's outcome and returns the seconds to wait before the next one.
    /// `jitter` is a uniform random number in 0..<1 (injected so tests are deterministic).
    public mutating func delay(afterSuccess success: Bool, jitter: Double) -> Double {
        failures = success ? 0 : failures + 1
        guard failures > 0 else { return interval }
        let exponential = interval * Double(1 << min(failures, 16))
        // Up to a quarter longer, never shorter: the interval is a promise to the publisher.
        return min(exponential, maximum) * (1 + 0.25 * min(max(jitter, 0), 1))
    }
}
