/// A Prometheus histogram's state as a value: counts per fixed upper bound, with the total
/// count and sum. Kept inside other state (a feed's statistics) or behind a lock (`DurationHistogram`).
public struct Histogram: Equatable, Sendable {
    /// Upper bounds, ascending; `+Inf` is implied.
    public let bounds: [Double]
    /// Observations per bucket, not cumulative (the exposition accumulates them).
    public private(set) var buckets: [UInt64]
    public private(set) var count: UInt64 = 0
    public private(set) var sum: Double = 0

    public init(bounds: [Double]) {
        precondition(!bounds.isEmpty && zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "bounds must ascend")
        self.bounds = bounds
        buckets = Array(repeating: 0, count: bounds.count)
    }

    /// A histogram counted elsewhere: `counts` per bound plus a last count over every bound.
    public init(bounds: [Double], counts: [Int], sum: Double) {
        precondition(counts.count == bounds.count + 1, "one count per bound and one over them")
        self.init(bounds: bounds)
        buckets = counts.dropLast().map { UInt64(max(0, $0)) }
        count = counts.reduce(0) { $0 + UInt64(max(0, $1)) }
        self.sum = sum
    }

    /// Counts one value in the first bucket whose bound it does not exceed.
    public mutating func observe(_ value: Double) {
        if let index = bounds.firstIndex(where: { value <= $0 }) { buckets[index] += 1 }
        count += 1
        sum += value
    }

    /// Counts a measured duration in seconds.
    public mutating func observe(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        observe(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// Adds the observations of a histogram with the same bounds.
    public mutating func merge(_ other: Histogram) {
        precondition(other.bounds == bounds, "only histograms with the same bounds merge")
        for index in buckets.indices { buckets[index] += other.buckets[index] }
        count += other.count
        sum += other.sum
    }

    /// Writes the samples of one series (the family line is the caller's): cumulative
    /// `_bucket` lines, `_sum` and `_count`, each with `labels`.
    public func writeSamples(_ name: String, labels: [(String, String)] = [], into exposition: inout PrometheusExposition) {
        var cumulative: UInt64 = 0
        for (bound, bucket) in zip(bounds, buckets) {
            cumulative += bucket
            exposition.sample(name + "_bucket", labels: labels + [("le", PrometheusExposition.format(bound))],
                              Double(cumulative))
        }
        exposition.sample(name + "_bucket", labels: labels + [("le", "+Inf")], Double(count))
        exposition.sample(name + "_sum", labels: labels, sum)
        exposition.sample(name + "_count", labels: labels, Double(count))
    }
}
