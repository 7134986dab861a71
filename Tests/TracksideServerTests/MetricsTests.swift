import Metrics
import Testing
@testable import TracksideServer
import TransitEngine

/// The `/metrics` building blocks: exposition text, histogram buckets and vehicle counts.
@Suite struct MetricsTests {
    @Test func familiesAndSamplesFollowTheTextFormat() {
        var exposition = PrometheusExposition()
        exposition.family("x_total", .counter, help: "A back\\slash\nand newline.")
        exposition.sample("x_total", ["feed": "a\"b\\c\nd"], 3)
        exposition.sample("x_total", ["feed": "plain"], 0.25)
        #expect(exposition.text == """
            # HELP x_total A back\\\\slash\\nand newline.
            # TYPE x_total counter
            x_total{feed="a\\"b\\\\c\\nd"} 3
            x_total{feed="plain"} 0.25

            """)
    }

    @Test func specialValuesUseTheFormatsSpellings() {
        #expect(PrometheusExposition.format(.infinity) == "+Inf")
        #expect(PrometheusExposition.format(-.infinity) == "-Inf")
        #expect(PrometheusExposition.format(.nan) == "NaN")
        #expect(PrometheusExposition.format(1e20) == "1e+20")
        #expect(PrometheusExposition.format(-7) == "-7")
    }

    @Test func histogramBucketsAreCumulativeWithSumAndCount() {
        // Binary fractions, so that the sum is exact.
        let histogram = Histogram.Recorder(bounds: [0.25, 0.5, 1])
        for seconds in [0.125, 0.25, 0.375, 0.75, 3] { histogram.observe(seconds: seconds) }
        histogram.observe(.milliseconds(500))
        var exposition = PrometheusExposition()
        exposition.histogram("t_seconds", help: "T.", histogram.snapshot)
        let lines = exposition.text.split(separator: "\n").map(String.init)
        #expect(lines == [
            "# HELP t_seconds T.", "# TYPE t_seconds histogram",
            "t_seconds_bucket{le=\"0.25\"} 2", "t_seconds_bucket{le=\"0.5\"} 4", "t_seconds_bucket{le=\"1\"} 5",
            "t_seconds_bucket{le=\"+Inf\"} 6", "t_seconds_sum 5", "t_seconds_count 6",
        ])
    }

    @Test func labelledSeriesMergedAndCountedElsewhere() {
        var first = Histogram(bounds: [0.5, 1])
        first.observe(0.25)
        var second = Histogram(bounds: [0.5, 1])
        second.observe(0.75)
        second.observe(4)
        first.merge(second)
        #expect(first.counts == [1, 1, 1] && first.count == 3 && first.sum == 5)
        var exposition = PrometheusExposition()
        first.writeSamples("d_seconds", labels: [("feed", "ace")], into: &exposition)
        #expect(exposition.text.split(separator: "\n").map(String.init) == [
            "d_seconds_bucket{feed=\"ace\",le=\"0.5\"} 1", "d_seconds_bucket{feed=\"ace\",le=\"1\"} 2",
            "d_seconds_bucket{feed=\"ace\",le=\"+Inf\"} 3", "d_seconds_sum{feed=\"ace\"} 5",
            "d_seconds_count{feed=\"ace\"} 3",
        ])
    }

    @Test func vehicleCountsGroupByKindAndStatus() {
        func vehicle(_ id: String, _ kind: VehicleState.Kind, _ status: VehicleState.Status) -> VehicleState {
            VehicleState(id: id, kind: kind, route: "7", position: Coordinate(latitude: 40.75, longitude: -73.9),
                         bearing: 0, status: status, age: 0, source: .gps, feedTimestamp: 0)
        }
        let counts = VehicleCounts([vehicle("a", .subway, .moving), vehicle("b", .subway, .moving),
                                    vehicle("c", .bus, .stopped)])
        #expect(counts.count(kind: .subway, status: .moving) == 2)
        #expect(counts.count(kind: .bus, status: .stopped) == 1)
        #expect(counts.count(kind: .bus, status: .moving) == 0)
    }

    @Test func processStatisticsReadProc() {
        let statistics = ProcessStatistics.current()
        #expect((statistics.residentBytes ?? 0) > 1 << 20)
        #expect((statistics.openFileDescriptors ?? 0) >= 3)
    }
}
