import Synchronization

/// A cumulative histogram of durations in seconds with fixed upper bounds, as Prometheus
/// expects. Observed once per tick, not per message, so a mutex costs nothing measurable.
public final class DurationHistogram: Sendable {
    /// Upper bounds in seconds, ascending; `+Inf` is implied.
    public let bounds: [Double]
    private let state: Mutex<(buckets: [UInt64], count: UInt64, sum: Double)>

    public init(bounds: [Double]) {
        precondition(!bounds.isEmpty && zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "bounds must ascend")
        self.bounds = bounds
        state = Mutex((Array(repeating: 0, count: bounds.count), 0, 0))
    }

    /// Counts one duration in the first bucket whose bound it does not exceed.
    public func observe(_ seconds: Double) {
        let index = bounds.firstIndex { seconds <= $0 }
        state.withLock { state in
            if let index { state.buckets[index] += 1 }
            state.count += 1
            state.sum += seconds
        }
    }

    /// Counts a measured duration.
    public func observe(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        observe(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Writes the family: cumulative `_bucket` lines, `_sum` and `_count`.
    public func write(_ name: String, help: String, into exposition: inout PrometheusExposition) {
        let (buckets, count, sum) = state.withLock { ($0.buckets, $0.count, $0.sum) }
        exposition.family(name, .histogram, help: help)
        var cumulative: UInt64 = 0
        for (bound, bucket) in zip(bounds, buckets) {
            cumulative += bucket
            exposition.sample(name + "_bucket", ["le": PrometheusExposition.format(bound)], Double(cumulative))
        }
        exposition.sample(name + "_bucket", ["le": "+Inf"], Double(count))
        exposition.sample(name + "_sum", sum)
        exposition.sample(name + "_count", Double(count))
    }
}
