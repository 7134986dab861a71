import Synchronization

/// Durations counted in fixed buckets with relaxed atomics, so every event loop can observe
/// on its per-message path without a lock; a scrape reads a snapshot (not atomic as a whole,
/// which a monitoring read tolerates).
public final class LatencyHistogram: Sendable {
    /// Upper bounds in seconds, ascending; a last, implied bucket holds the rest.
    public let bounds: [Double]
    private let counts: [Counter]
    private let totalNanoseconds = Atomic<Int>(0)

    /// One atomic count; a class because atomics cannot be copied into an array.
    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    public init(bounds: [Double]) {
        precondition(!bounds.isEmpty && zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "bounds must ascend")
        self.bounds = bounds
        counts = (0...bounds.count).map { _ in Counter() }
    }

    /// Counts `duration` `count` times (a batch of messages written together).
    public func observe(_ duration: Duration, count: Int = 1) {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        let index = bounds.firstIndex { value <= $0 } ?? bounds.count
        counts[index].value.add(count, ordering: .relaxed)
        totalNanoseconds.add(count * (Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)), ordering: .relaxed)
    }

    /// Observations per bucket (not cumulative; the last is over every bound) and their sum in seconds.
    public var snapshot: (buckets: [Int], sum: Double) {
        (counts.map { $0.value.load(ordering: .relaxed) }, Double(totalNanoseconds.load(ordering: .relaxed)) / 1e9)
    }
}
