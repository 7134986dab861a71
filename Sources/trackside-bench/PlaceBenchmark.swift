import Foundation
import TracksideCommandLine
#if canImport(Glibc)
import Glibc
#endif
import TransitData
import TransitEngine

/// `trackside-bench place`: one full-city tick (the seven 2024-01-20 subway feeds and a 2017
/// all-lines bus snapshot) placed again and again, next to the naive nearest-segment search
/// that tests every vehicle against every segment of its route's shapes.
struct PlaceBenchmark: CLICommand {
    static let name = "place"
    static let summary = "place a full-city tick (7 subway feeds + all NYC buses) against the naive segment scan"
    static let usage = """
        Usage: trackside-bench place [--data DIR] [--ticks N]

          --data DIR      the shared data folder (default ../shared/data)
          --ticks N       ticks to time (default 200)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let data = URL(fileURLWithPath: try arguments.value("data") ?? "../shared/data")
        let ticks = try arguments.value("ticks", default: 200) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        _ = try arguments.positionals()
        let profile = NYCTProfile()

        let started = Date()
        let network = try Network(gtfs: [
            try GTFSFeed(contentsOf: data.appendingPathComponent("nyc-subway-gtfs/2018-11_full-except-stop_times")),
            try GTFSFeed(contentsOf: data.appendingPathComponent("bus-gtfs/manhattan-2020-04_no-stop_times")),
        ], profile: profile)
        let networkSeconds = Date().timeIntervalSince(started)
        let subwayFolder = data.appendingPathComponent("gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds")
        var feeds = try RecordedFeeds.files(inFolder: subwayFolder.path).map { file in
            try FeedReport(decoding: file.bytes, name: file.name, profile: profile, fetchedAt: 0)
        }
        let busFile = data.appendingPathComponent("bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz")
        feeds.append(try FeedReport(decoding: Data(contentsOf: busFile), name: busFile.lastPathComponent,
                                    profile: profile, fetchedAt: 0))
        let snapshot = FeedSnapshot(feeds)
        let now = feeds.map(\.timestamp).max() ?? 0
        let engine = PlacementEngine(network: network)

        // Ticks as the server runs them: one second apart, each with the previous memory.
        let coldStart = DispatchTime.now().uptimeNanoseconds
        var memory = engine.place(snapshot, at: now).memory
        let coldMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - coldStart) / 1e6
        var placed = 0
        var tickTimes: [Double] = []
        var tickCPUTimes: [Double] = []
        for tick in 0..<ticks {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = threadCPUMilliseconds()
            let result = engine.place(snapshot, at: now + Double(tick + 1), memory: memory)
            tickCPUTimes.append(threadCPUMilliseconds() - cpuStart)
            tickTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            memory = result.memory
            placed = result.states.count
        }

        // Snapping every vehicle to its route's shapes: the naive scan of every segment, against
        // the grid bounded at the engine's snap radius. Both must find the same nearest segments.
        let queries = nearestSegmentQueries(snapshot, network: network)
        let radius = engine.settings.busSnapRadius
        var naiveTimes: [Double] = []
        var indexedTimes: [Double] = []
        var naiveFound: [Double] = []
        var indexedFound: [Double] = []
        for round in 0..<max(3, ticks / 20) {
            var found: [Double] = []
            var start = threadCPUMilliseconds()
            for (position, shapes) in queries {
                for index in shapes {
                    if let projection = network.shapes[index].polyline.project(position), projection.distanceFromLine <= radius {
                        found.append(projection.distanceFromLine)
                    }
                }
            }
            naiveTimes.append(threadCPUMilliseconds() - start)
            if round == 0 { naiveFound = found }
            found.removeAll(keepingCapacity: true)
            start = threadCPUMilliseconds()
            for (position, shapes) in queries {
                for index in shapes {
                    let shape = network.shapes[index]
                    if let projection = shape.grid.nearest(to: position, on: shape.polyline, within: radius) {
                        found.append(projection.distanceFromLine)
                    }
                }
            }
            indexedTimes.append(threadCPUMilliseconds() - start)
            if round == 0 { indexedFound = found }
        }
        let agree = naiveFound.count == indexedFound.count
            && zip(naiveFound, indexedFound).allSatisfy { abs($0 - $1) < 1e-6 }

        let vehicles = feeds.reduce(0) { $0 + $1.trains.count + $1.buses.count }
        print("""
            place: \(vehicles) vehicles reported (\(feeds.count) feeds), \(placed) placed per tick
            network build: \(String(format: "%.2f", networkSeconds)) s (\(network.shapes.count) shapes, \(network.stops.count) stops)
            first tick (no memory: shapes matched, timelines built): \(format(coldMilliseconds)) ms
            full tick (place, \(ticks) ticks), CPU time of this thread: median \(format(median(tickCPUTimes))) ms, p90 \(format(percentile(tickCPUTimes, 0.9))) ms, min \(format(tickCPUTimes.min() ?? 0)) ms
            full tick, wall clock (includes time the shared machine gave to others): median \(format(median(tickTimes))) ms, min \(format(tickTimes.min() ?? 0)) ms
            snapping (CPU time) \(queries.count) vehicles to every shape of their route (\(queries.reduce(0) { $0 + $1.1.count }) vehicle-shape pairs):
              naive (every segment):     median \(format(median(naiveTimes))) ms
              segment grid (≤ \(Int(radius)) m):     median \(format(median(indexedTimes))) ms
              ratio naive / grid:        \(String(format: "%.1f", median(naiveTimes) / max(median(indexedTimes), 1e-9)))×
              same nearest segments:     \(agree ? "yes" : "NO") (\(naiveFound.count) within \(Int(radius)) m)
              full tick / naive snapping: \(String(format: "%.1f", median(naiveTimes) / max(median(tickCPUTimes), 1e-9)))× faster than the naive snapping alone
            """)
        return 0
    }

    /// For every vehicle that has a position to snap: its position (a bus's GPS, a train's next
    /// stop) and the shapes of its route.
    static func nearestSegmentQueries(_ snapshot: FeedSnapshot, network: Network) -> [(Coordinate, [Int])] {
        var queries: [(Coordinate, [Int])] = []
        for feed in snapshot.feeds {
            for train in feed.trains {
                guard let stop = (train.vehicleStopID ?? train.stopTimes.first?.stopID).flatMap({ network.stops[$0] }) else { continue }
                let shapes = network.shapes(ofRoute: train.routeID)
                if !shapes.isEmpty { queries.append((stop.coordinate, shapes)) }
            }
            for bus in feed.buses {
                let shapes = network.shapes(ofRoute: bus.routeID)
                if !shapes.isEmpty { queries.append((bus.position, shapes)) }
            }
        }
        return queries
    }

    /// CPU time this thread has used, in milliseconds: unlike the wall clock it does not count
    /// the time a busy shared machine runs other processes.
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
    }

    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    static func format(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds) }
}
