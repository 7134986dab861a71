import Dispatch
@testable import Metrics
import Testing

/// The one histogram as a value (bucketing, batches, merging, quantiles) and its lock-free recorder.
@Suite struct HistogramTests {
    @Test func aValueOnABoundCountsInThatBoundsBucketAndTheRestOverEveryBound() {
        var histogram = Histogram(bounds: [0.5, 1])
        for value in [0.25, 0.5, 0.75, 1, 1.5, 100] { histogram.observe(value) }
        #expect(histogram.counts == [2, 2, 2])
        #expect(histogram.count == 6 && histogram.sum == 104)
    }

    @Test func aBatchCountsAsManyObservationsOfOneValue() {
        var histogram = Histogram(bounds: [0.01, 0.1])
        histogram.observe(.milliseconds(50), times: 4)
        histogram.observe(0.2, times: 0)
        #expect(histogram.counts == [0, 4, 0] && histogram.count == 4)
        #expect(abs(histogram.sum - 0.2) < 1e-12)
    }

    @Test func durationsAreSecondsIncludingTheirFraction() {
        #expect(Histogram.seconds(.milliseconds(1500)) == 1.5)
        #expect(Histogram.seconds(.nanoseconds(250)) == 250e-9)
    }

    @Test func mergingAddsBucketByBucket() {
        var first = Histogram(bounds: [1, 2])
        first.observe(0.5)
        first.observe(3)
        var second = Histogram(bounds: [1, 2])
        second.observe(1.5)
        second.observe(4)
        first.merge(second)
        #expect(first.counts == [1, 1, 2] && first.count == 4 && first.sum == 9)
        #expect(first == Histogram(bounds: [1, 2], counts: [1, 1, 2], sum: 9))
    }

    @Test func quantilesNameTheBucketThatHoldsThem() {
        var histogram = Histogram(bounds: [0.001, 0.01, 0.1])
        #expect(histogram.upperBound(atQuantile: 0.5) == nil)
        for _ in 0..<98 { histogram.observe(0.005) }
        histogram.observe(0.05)
        histogram.observe(7)
        #expect(histogram.upperBound(atQuantile: 0) == 0.01)
        #expect(histogram.upperBound(atQuantile: 0.5) == 0.01)
        #expect(histogram.upperBound(atQuantile: 0.98) == 0.01)
        #expect(histogram.upperBound(atQuantile: 0.99) == 0.1)
        #expect(histogram.upperBound(atQuantile: 1) == .infinity)
    }

    @Test func theRecorderHandsOutTheSameValueAsObservingItDirectly() {
        let recorder = Histogram.Recorder(bounds: [0.25, 0.5, 1])
        var direct = Histogram(bounds: [0.25, 0.5, 1])
        for seconds in [0.125, 0.25, 0.375, 0.75, 3] {
            recorder.observe(seconds: seconds)
            direct.observe(seconds)
        }
        recorder.observe(.milliseconds(500), times: 2)
        direct.observe(.milliseconds(500), times: 2)
        #expect(recorder.snapshot == direct)
        #expect(recorder.snapshot.counts == [2, 3, 1, 1] && recorder.snapshot.sum == 5.5)
    }

    @Test func theRecorderLosesNoObservationWhenManyThreadsCountAtOnce() {
        let recorder = Histogram.Recorder(bounds: [0.001, 0.01])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<10_000 {
                recorder.observe(.microseconds(index % 2 == 0 ? 500 : 5_000 + thread))
            }
        }
        let snapshot = recorder.snapshot
        #expect(snapshot.counts == [40_000, 40_000, 0] && snapshot.count == 80_000)
        // 40,000 × 0.5 ms + 40,000 × 5 ms + 5,000 × (0 + 1 + … + 7) µs.
        #expect(abs(snapshot.sum - (20 + 200 + 0.14)) < 1e-6)
    }
}
