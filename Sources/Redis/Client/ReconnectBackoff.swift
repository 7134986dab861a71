/// When to try connecting again after a failure: exponential growth from `initial` up to `maximum`, each delay
/// shortened by a random part of up to `jitter` of itself, so a fleet of processes that lost the same server does
/// not return in step. Pure: the caller keeps the value and supplies the random numbers.
public struct ReconnectBackoff: Hashable, Sendable {
    /// The shape of the delays.
    public struct Policy: Hashable, Sendable {
        /// The delay after the first failure, before jitter.
        public var initial: Duration
        /// The cap on any delay.
        public var maximum: Duration
        /// The factor between one failure's delay and the next.
        public var multiplier: Int
        /// The largest fraction (0...1) taken off a delay at random.
        public var jitter: Double

        public init(initial: Duration, maximum: Duration, multiplier: Int = 2, jitter: Double = 0.5) {
            precondition(initial > .zero && maximum >= initial && multiplier >= 1 && (0...1).contains(jitter))
            self.initial = initial
            self.maximum = maximum
            self.multiplier = multiplier
            self.jitter = jitter
        }

        /// 100 ms doubling to 2 s, up to half of each taken off at random.
        public static let standard = Policy(initial: .milliseconds(100), maximum: .seconds(2))
    }

    public let policy: Policy
    /// Failures since the last success.
    public private(set) var failures = 0

    public init(policy: Policy = .standard) {
        self.policy = policy
    }

    /// Records a failure and returns how long to wait before the next attempt.
    public mutating func nextDelay(using generator: inout some RandomNumberGenerator) -> Duration {
        var delay = policy.initial
        for _ in 0..<min(failures, 64) where delay < policy.maximum {
            delay *= policy.multiplier
        }
        delay = min(delay, policy.maximum)
        failures += 1
        // One draw mapped onto [0, 1) (no rejection sampling, so any generator ends).
        let unit = Double(generator.next() >> 11) / Double(UInt64(1) << 53)
        return delay * (1 - policy.jitter * unit)
    }

    /// Records a success: the next failure starts from `initial` again.
    public mutating func reset() {
        failures = 0
    }
}
