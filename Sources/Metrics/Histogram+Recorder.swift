import Synchronization

extension Histogram {
    /// A histogram of durations that any thread observes without a lock (relaxed atomics), so
    /// every event loop can count on its per-message path; a scrape reads `snapshot`, which is
    /// not atomic as a whole (a monitoring read tolerates that).
    public final class Recorder: Sendable {
        /// Upper bounds in seconds, ascending; a last, implied bucket holds the rest.
        public let bounds: [Double]
        private let counts: [Counter]
        /// Whole nanoseconds, so that the sum is an atomic integer.
        private let sumNanoseconds = Atomic<Int>(0)

        /// One atomic count; a class because atomics cannot be copied into an array.
        private final class Counter: Sendable {
            let value = Atomic<Int>(0)
        }

        /// A recorder at zero; `bounds` (seconds) as for `Histogram(bounds:)`.
        public init(bounds: [Double]) {
            let empty = Histogram(bounds: bounds)
            self.bounds = empty.bounds
            counts = empty.counts.map { _ in Counter() }
        }

        /// Counts `duration` `times` times (a batch of messages written together).
        public func observe(_ duration: Duration, times: Int = 1) {
            let (seconds, attoseconds) = duration.components
            add(seconds: Histogram.seconds(duration),
                nanoseconds: Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000), times: times)
        }

        /// Counts `seconds` `times` times.
        public func observe(seconds: Double, times: Int = 1) {
            add(seconds: seconds, nanoseconds: Int((seconds * 1e9).rounded()), times: times)
        }

        private func add(seconds: Double, nanoseconds: Int, times: Int) {
            guard times > 0 else { return }
            counts[Histogram.bucket(of: seconds, bounds: bounds)].value.add(times, ordering: .relaxed)
            sumNanoseconds.add(times * nanoseconds, ordering: .relaxed)
        }

        /// The counts so far, as a value.
        public var snapshot: Histogram {
            Histogram(bounds: bounds, counts: counts.map { UInt64(max(0, $0.value.load(ordering: .relaxed))) },
                      sum: Double(sumNanoseconds.load(ordering: .relaxed)) / 1e9)
        }
    }
}
