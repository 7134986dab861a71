import Redis
import Testing
import TransitData

@Suite struct ReconnectBackoffTests {
    /// A generator that always returns the same word: 0 takes no jitter off, `.max` takes the most.
    struct Constant: RandomNumberGenerator {
        let value: UInt64
        mutating func next() -> UInt64 { value }
    }

    @Test func delaysDoubleUpToTheCapAndResetAfterSuccess() {
        var backoff = ReconnectBackoff(policy: .init(initial: .milliseconds(100), maximum: .seconds(2), jitter: 0.5))
        var noJitter = Constant(value: 0)
        let delays = (0..<8).map { _ in backoff.nextDelay(using: &noJitter) }
        #expect(delays == [100, 200, 400, 800, 1600, 2000, 2000, 2000].map { Duration.milliseconds($0) })
        #expect(backoff.failures == 8)
        backoff.reset()
        #expect(backoff.nextDelay(using: &noJitter) == .milliseconds(100))
    }

    @Test func jitterOnlyShortensAndStaysWithinItsFraction() {
        var backoff = ReconnectBackoff(policy: .standard)
        var random = SplitMix64(seed: 7)
        var seen = Set<Duration>()
        for failure in 0..<200 {
            let delay = backoff.nextDelay(using: &random)
            let base = min(Duration.milliseconds(100) * (1 << min(failure, 10)), .seconds(2))
            #expect(delay <= base && delay >= base * 0.5, "failure \(failure): \(delay)")
            seen.insert(delay)
        }
        // Processes that failed together do not come back together.
        #expect(seen.count > 150)
        var most = Constant(value: .max)
        var fresh = ReconnectBackoff(policy: .standard)
        #expect(fresh.nextDelay(using: &most) >= .milliseconds(50))
    }

    @Test func aHugeFailureCountNeitherOverflowsNorPassesTheCap() {
        var backoff = ReconnectBackoff(policy: .init(initial: .seconds(1), maximum: .seconds(30), multiplier: 10))
        var noJitter = Constant(value: 0)
        for _ in 0..<10_000 { _ = backoff.nextDelay(using: &noJitter) }
        #expect(backoff.nextDelay(using: &noJitter) == .seconds(30))
    }
}
