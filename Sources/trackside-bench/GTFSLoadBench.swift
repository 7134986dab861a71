import Foundation
import TracksideCommandLine
import TransitData

/// `trackside-bench gtfs-load [PATH]`: loads a static GTFS feed (every table but stop_times) several
/// times and prints wall time, rows/s, MB/s and peak RSS, beside Python's csv module reading the same
/// files in the same run (`Tests/Benchmarks/gtfs_load_reference.py`). Then it streams and compactly
/// loads the feed's stop_times, or the bundled 1/2 feed's 86,150 from its zip when the feed has none.
struct GTFSLoadBench: CLICommand {
    static let name = "gtfs-load"
    static let summary = "load a static GTFS feed (default: the 2018 NYC subway) against Python's csv module"
    static let usage = """
          [PATH]          feed folder or .zip (default ../shared/data/nyc-subway-gtfs/2018-11_full-except-stop_times)
          --runs N        timed loads, the median is reported (default 5)
          --python PATH   interpreter for the reference (default .venv/bin/python, else python3; 'none' skips it)
          --serve-load once|twice
                          only serve's load of the network and its timetable on the standard profile, the
                          stop_times loaded once (as serve does) or twice (as it did); run each in its own process
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let runs = try arguments.value("runs", default: 5) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        let pythonOption = try arguments.value("python")
        let serveLoad = try arguments.value("serve-load").map { value in
            guard let mode = ServeLoad(rawValue: value) else {
                throw ArgumentList.UsageError(description: "--serve-load takes once or twice, not \(value)")
            }
            return mode
        }
        let positionals = try arguments.positionals()
        guard positionals.count <= 1 else { throw ArgumentList.UsageError(description: "expected at most one PATH") }
        let data = try BundledData.locate()
        let packageRoot = data.root.deletingLastPathComponent()
        let feedURL = positionals.first.map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/nyc-subway-gtfs/2018-11_full-except-stop_times")

        if let serveLoad {
            try benchmarkServeLoad(serveLoad, feedURL: feedURL, runs: runs)
            return 0
        }
        let baselineRSS = PeakResidentSet.bytes()
        // Untimed: how much the feed holds, so rates can be computed.
        let size = try FeedSize(GTFSSource(contentsOf: feedURL))
        print("gtfs-load: \(feedURL.path)")
        print("  \(size.rows) rows in \(size.tables) tables, \(megabytes(size.bytes)) MB inflated; median of \(runs) loads\n")

        var times: [Double] = []
        var feed: GTFSFeed?
        for _ in 0..<runs {
            let start = DispatchTime.now()
            feed = try GTFSFeed(contentsOf: feedURL)
            times.append(seconds(since: start))
        }
        let swiftTime = median(times)
        let swiftRSS = PeakResidentSet.bytes()
        guard let feed else { return 1 }

        print(row("", "wall ms", "rows/s", "MB/s", "peak RSS MB", "÷ Swift"))
        print(row("Swift GTFSFeed", milliseconds(swiftTime), rate(Double(size.rows) / swiftTime),
                  megabytes(Double(size.bytes) / swiftTime), megabytes(swiftRSS), "1.00"))
        if let python = pythonPath(pythonOption, packageRoot: packageRoot), !feedURL.pathExtension.lowercased().hasPrefix("zip") {
            let script = packageRoot.appendingPathComponent("Tests/Benchmarks/gtfs_load_reference.py")
            let reference = try PythonReference.run(python: python, script: script, feed: feedURL, runs: runs)
            print(row("Python csv.reader", milliseconds(reference.seconds), rate(Double(reference.rows) / reference.seconds),
                      megabytes(Double(reference.bytes) / reference.seconds), megabytes(reference.peakRSSBytes),
                      String(format: "%.2f", reference.seconds / swiftTime)))
            if reference.rows != size.rows {
                print("  note: Python read \(reference.rows) rows, Swift \(size.rows)")
            }
        }
        print("\n  peak RSS before the first load (the process itself): \(megabytes(baselineRSS)) MB")
        print("  loaded: \(feed.routes.count) routes, \(feed.stops.count) stops, \(feed.trips.count) trips, \(feed.shapes.count) shapes")

        // The 2018 feed has no stop_times: then the bundled 1/2 feed's zip provides them.
        let stopTimesFeed = try feed.stopTimes() == nil ? GTFSFeed(contentsOf: data.subwayFeed) : feed
        try benchmarkStopTimes(stopTimesFeed, runs: runs)
        return 0
    }

    /// Streams, then compactly loads, a feed's stop_times.
    private static func benchmarkStopTimes(_ feed: GTFSFeed, runs: Int) throws {
        guard let source = feed.source, let table = try source.open(table: GTFSStopTime.tableName) else { return }
        var bytes = 0
        var piece: [UInt8] = []
        var counter = table.bytes
        while try counter.read(appendingTo: &piece) {
            bytes += piece.count
            piece.removeAll(keepingCapacity: true)
        }
        var streamTimes: [Double] = []
        var scheduleTimes: [Double] = []
        var rows = 0
        for _ in 0..<runs {
            let start = DispatchTime.now()
            guard var reader = try feed.stopTimes() else { return }
            rows = 0
            while try reader.next() != nil { rows += 1 }
            streamTimes.append(seconds(since: start))
            let loadStart = DispatchTime.now()
            _ = try feed.loadSchedule()
            scheduleTimes.append(seconds(since: loadStart))
        }
        print("\n\(table.file) (\(rows) rows, \(megabytes(bytes)) MB inflated):")
        print(row("", "wall ms", "rows/s", "MB/s", "", ""))
        let stream = median(streamTimes)
        let schedule = median(scheduleTimes)
        print(row("streamed rows", milliseconds(stream), rate(Double(rows) / stream), megabytes(Double(bytes) / stream), "", ""))
        print(row("GTFSSchedule", milliseconds(schedule), rate(Double(rows) / schedule), megabytes(Double(bytes) / schedule), "", ""))
        print("  peak RSS of the whole run: \(megabytes(PeakResidentSet.bytes())) MB")
    }

    private static func pythonPath(_ option: String?, packageRoot: URL) -> String? {
        if option == "none" { return nil }
        if let option { return option }
        let venv = packageRoot.appendingPathComponent(".venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/python3"
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
    static func megabytes(_ bytes: Double) -> String { String(format: "%.1f", bytes / 1e6) }
    static func megabytes(_ bytes: Int) -> String { megabytes(Double(bytes)) }
    private static func rate(_ value: Double) -> String { String(format: "%.0f", value) }

    static func row(_ cells: String...) -> String {
        let widths = [22, 10, 12, 9, 13, 9]
        return zip(cells, widths).enumerated().map { index, pair in
            index == 0 ? pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
                : String(repeating: " ", count: max(0, pair.1 - pair.0.count)) + pair.0
        }.joined()
    }
}

/// How many data rows and inflated bytes a feed's tables (all but stop_times) hold.
private struct FeedSize {
    var rows = 0
    var bytes = 0
    var tables = 0

    static let tableNames = ["agency", "routes", "stops", "trips", "shapes", "calendar", "calendar_dates", "transfers"]

    init(_ source: GTFSSource) throws {
        for name in Self.tableNames {
            guard var table = try source.open(table: name) else { continue }
            var buffer: [UInt8] = []
            while try table.bytes.read(appendingTo: &buffer) {}
            tables += 1
            bytes += buffer.count
            // Data rows: records after the header, counted by the same reader the loader uses.
            var reader = try CSVReader(source: MemoryByteSource(Data(buffer)), file: table.file)
            var record = CSVRecord(header: reader.header)
            while try reader.read(into: &record) { rows += 1 }
        }
    }
}

/// The reference run: the Python script's one JSON line.
private struct PythonReference: Decodable {
    let seconds: Double
    let rows: Int
    let bytes: Int
    let peakRSSBytes: Int

    enum CodingKeys: String, CodingKey {
        case seconds, rows, bytes
        case peakRSSBytes = "peak_rss_bytes"
    }

    static func run(python: String, script: URL, feed: URL, runs: Int) throws -> PythonReference {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, feed.path, String(runs)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReferenceFailure(description: "the Python reference \(script.lastPathComponent) failed with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(PythonReference.self, from: bytes)
    }
}

/// The reference script could not be run.
private struct ReferenceFailure: Error, CustomStringConvertible {
    let description: String
}

/// The process's peak resident set size (`VmHWM` in /proc/self/status).
enum PeakResidentSet {
    static func bytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }
}
