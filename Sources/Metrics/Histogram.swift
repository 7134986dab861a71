/// Counts of observed values in fixed buckets, with their total and sum: the one histogram of the
/// server (message delivery, tick and decode durations, `/metrics`) and of the benchmarks.
///
/// A value: kept inside other state (a feed's statistics), merged, compared in tests. Where
/// several threads observe at once, a `Histogram.Recorder` counts and hands out this value as its
/// snapshot, so the bucketing, merging and quantile rules below exist once.
public struct Histogram: Equatable, Sendable {
    /// Upper bounds, ascending; a last, implied bucket (`+Inf`) holds every value above them.
    public let bounds: [Double]
    /// Observations per bucket, not cumulative: one per bound, then the one over every bound.
    public private(set) var counts: [UInt64]
    /// Observations in all.
    public private(set) var count: UInt64 = 0
    /// The observed values added up.
    public private(set) var sum: Double = 0

    /// An empty histogram; `bounds` must ascend strictly and not be empty.
    public init(bounds: [Double]) {
        precondition(!bounds.isEmpty && zip(bounds, bounds.dropFirst()).allSatisfy { $0 < $1 }, "bounds must ascend")
        self.bounds = bounds
        counts = Array(repeating: 0, count: bounds.count + 1)
    }

    /// A histogram counted elsewhere (a `Recorder`): one count per bound, one over them, and the sum.
    init(bounds: [Double], counts: [UInt64], sum: Double) {
        self.init(bounds: bounds)
        precondition(counts.count == self.counts.count, "one count per bound and one over them")
        self.counts = counts
        count = counts.reduce(0, +)
        self.sum = sum
    }

    /// The index in `counts` of the bucket `value` falls in: the first bound it does not exceed.
    static func bucket(of value: Double, bounds: [Double]) -> Int {
        bounds.firstIndex { value <= $0 } ?? bounds.count
    }

    /// A duration in seconds.
    public static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Counts `value` `times` times (a batch of messages written together).
    public mutating func observe(_ value: Double, times: Int = 1) {
        let times = UInt64(max(0, times))
        counts[Self.bucket(of: value, bounds: bounds)] += times
        count += times
        sum += value * Double(times)
    }

    /// Counts a measured duration, in seconds.
    public mutating func observe(_ duration: Duration, times: Int = 1) {
        observe(Self.seconds(duration), times: times)
    }

    /// Adds the observations of a histogram with the same bounds.
    public mutating func merge(_ other: Histogram) {
        precondition(other.bounds == bounds, "only histograms with the same bounds merge")
        for index in counts.indices { counts[index] += other.counts[index] }
        count += other.count
        sum += other.sum
    }

    /// The upper bound of the bucket that holds the `quantile` (0…1) of the observations:
    /// `+infinity` when it lies over every bound, nil while nothing is counted.
    public func upperBound(atQuantile quantile: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = quantile * Double(count)
        var seen: UInt64 = 0
        for (index, bucket) in counts.enumerated() {
            seen += bucket
            if bucket > 0, Double(seen) >= rank { return index < bounds.count ? bounds[index] : .infinity }
        }
        return .infinity
    }
}
