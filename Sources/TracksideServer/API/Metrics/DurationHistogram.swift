import Synchronization

/// A `Histogram` of durations in seconds shared between the thread that observes and the
/// scrape that reads it. Observed once per tick, not per message, so a mutex costs nothing measurable.
public final class DurationHistogram: Sendable {
    private let state: Mutex<Histogram>

    /// - Parameter bounds: upper bounds in seconds, ascending; `+Inf` is implied.
    public init(bounds: [Double]) {
        state = Mutex(Histogram(bounds: bounds))
    }

    /// Counts one duration in seconds.
    public func observe(_ seconds: Double) {
        state.withLock { $0.observe(seconds) }
    }

    /// Counts a measured duration.
    public func observe(_ duration: Duration) {
        state.withLock { $0.observe(duration) }
    }

    /// The counts so far.
    public var snapshot: Histogram { state.withLock { $0 } }

    /// Writes the family: cumulative `_bucket` lines, `_sum` and `_count`.
    public func write(_ name: String, help: String, into exposition: inout PrometheusExposition) {
        exposition.family(name, .histogram, help: help)
        snapshot.writeSamples(name, into: &exposition)
    }
}
