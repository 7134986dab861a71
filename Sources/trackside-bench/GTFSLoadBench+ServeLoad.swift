import Foundation
import TransitData
import TransitEngine

/// `gtfs-load --serve-load once|twice`: what `serve` does with a timetable on the standard profile
/// (the network, whose profile reads trip updates against the timetable, and the boards' next
/// service and the simulator, which need it too), in a process of its own so its peak RSS is that
/// load's: `once` loads each feed's stop_times compactly once and hands them to the network (as
/// `serve` does), `twice` lets the network load its own and loads them again beside it (as `serve`
/// did before).
extension GTFSLoadBench {
    enum ServeLoad: String {
        case once, twice
    }

    static func benchmarkServeLoad(_ mode: ServeLoad, feedURL: URL, runs: Int) throws {
        let baselineRSS = PeakResidentSet.bytes()
        var feed = try GTFSFeed(contentsOf: feedURL)
        // The 2018 feed has no stop_times: then the bundled 1/2 feed provides them.
        if try feed.stopTimes() == nil { feed = try GTFSFeed(contentsOf: try BundledData.locate().subwayFeed) }
        let feedRSS = PeakResidentSet.bytes()
        var times: [Double] = []
        var calls = 0
        for _ in 0..<runs {
            let start = DispatchTime.now()
            let network: Network, schedules: [GTFSSchedule]
            switch mode {
            case .once:
                schedules = [try feed.loadSchedule()]
                network = try Network(gtfs: [feed], schedules: schedules, profile: StandardProfile())
            case .twice:
                network = try Network(gtfs: [feed], profile: StandardProfile())
                schedules = [try feed.loadSchedule()]
            }
            times.append(seconds(since: start))
            calls = schedules[0].calls.count
            precondition(!network.stops.isEmpty)
        }
        print("gtfs-load --serve-load \(mode.rawValue): the network and the timetable of \(calls) calls, standard profile; median of \(runs)")
        print(row("", "wall ms", "", "", "peak RSS MB", ""))
        print(row("serve's load (\(mode.rawValue))", milliseconds(median(times)), "", "", megabytes(PeakResidentSet.bytes()), ""))
        print("  peak RSS before: \(megabytes(baselineRSS)) MB (the process), \(megabytes(feedRSS)) MB (the feed's tables loaded)")
    }
}
