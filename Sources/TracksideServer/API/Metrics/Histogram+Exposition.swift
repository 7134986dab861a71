import Metrics

extension Histogram {
    /// Writes the samples of one series (the family line is the caller's): cumulative
    /// `_bucket` lines, `_sum` and `_count`, each with `labels`.
    public func writeSamples(_ name: String, labels: [(String, String)] = [], into exposition: inout PrometheusExposition) {
        var cumulative: UInt64 = 0
        for (bound, bucket) in zip(bounds, counts) {
            cumulative += bucket
            exposition.sample(name + "_bucket", labels: labels + [("le", PrometheusExposition.format(bound))],
                              Double(cumulative))
        }
        exposition.sample(name + "_bucket", labels: labels + [("le", "+Inf")], Double(count))
        exposition.sample(name + "_sum", labels: labels, sum)
        exposition.sample(name + "_count", labels: labels, Double(count))
    }
}

extension PrometheusExposition {
    /// A histogram family with one unlabelled series.
    public mutating func histogram(_ name: String, help: String, _ histogram: Histogram) {
        family(name, .histogram, help: help)
        histogram.writeSamples(name, into: &self)
    }
}
