import Foundation
import TracksideCommandLine
import TransitData

/// `trackside-bench decode`: GTFS-realtime decoding throughput on the seven 2024 subway feeds,
/// next to Google's protobuf library (upb, via Python) decoding and walking the same files.
///
/// Both sides decode every file in turn for a fixed time; the Swift side builds the whole model
/// (every string and array), which is what a full walk of the Python messages costs there.
/// Rates are per second of CPU time of the decoding thread, so that on a machine shared with
/// other work the two sides are compared on the time they actually ran.
struct DecodeBenchmark: CLICommand {
    static let name = "decode"
    static let summary = "GTFS-realtime decode MB/s and entities/s, against Python protobuf (upb)"
    static let usage = """
          --data DIR       feeds to decode (default ../shared/data/gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds)
          --seconds S      how long each side decodes (default 3)
          --python PATH    interpreter with protobuf and nyct-gtfs (default .venv/bin/python)
          --script PATH    the Python side (default Tests/Benchmarks/decode_python.py)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let directory = try arguments.value("data") ?? "../shared/data/gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds"
        let seconds = try arguments.value("seconds", default: 3.0) { Double($0).flatMap { $0 > 0 ? $0 : nil } }
        let python = try arguments.value("python") ?? ".venv/bin/python"
        let script = try arguments.value("script") ?? "Tests/Benchmarks/decode_python.py"
        guard try arguments.positionals().isEmpty else {
            throw ArgumentList.UsageError(description: "decode takes no positional arguments")
        }

        let files = try RecordedFeeds.files(inFolder: directory, where: { $0.hasSuffix(".pb") }).map { [UInt8]($0.bytes) }
        guard !files.isEmpty else {
            throw ArgumentList.UsageError(description: "no .pb files in \(directory)")
        }
        let bytesPerRound = files.reduce(0) { $0 + $1.count }
        print("decode: \(files.count) files, \(bytesPerRound) bytes, from \(directory)")

        let swift = try measureSwift(files, seconds: seconds)
        let reference = measurePython(python: python, script: script, directory: directory, seconds: seconds)

        func row(_ label: String, _ figures: Throughput) -> String {
            label.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(format: "%9.1f MB/s %12.0f entities/s", figures.megabytesPerSecond, figures.entitiesPerSecond)
        }
        print(row("trackside (Swift, full model)", swift))
        switch reference {
        case let .success(python):
            print(row("Python protobuf \(python.implementation) parse only", python.parse))
            print(row("Python protobuf \(python.implementation) parse + full walk", python.walk))
            print(String(format: "ratio: %.1fx parse + full walk, %.1fx parse only",
                         swift.megabytesPerSecond / python.walk.megabytesPerSecond,
                         swift.megabytesPerSecond / python.parse.megabytesPerSecond))
            return 0
        case let .failure(problem):
            print("Python reference not measured: \(problem.description)")
            return 1
        }
    }

    /// Bytes and entities decoded per second.
    struct Throughput {
        var megabytesPerSecond: Double
        var entitiesPerSecond: Double
    }

    private static func measureSwift(_ files: [[UInt8]], seconds: Double) throws -> Throughput {
        let extensions = RealtimeFeedKind.vehicles.extensions
        func round() throws -> Int {
            var entities = 0
            for file in files {
                entities += try GTFSRealtime.FeedMessage(protobuf: file, extensions: extensions).entities.count
            }
            return entities
        }
        _ = try round()  // warm caches and the allocator before timing
        let start = threadCPUSeconds()
        var rounds = 0
        var entities = 0
        while rounds < 3 || threadCPUSeconds() - start < seconds {
            entities += try round()
            rounds += 1
        }
        let time = threadCPUSeconds() - start
        let bytes = files.reduce(0) { $0 + $1.count } * rounds
        return Throughput(megabytesPerSecond: Double(bytes) / time / 1e6, entitiesPerSecond: Double(entities) / time)
    }

    /// CPU time consumed by the calling thread.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// The Python side's figures.
    struct PythonFigures {
        var implementation: String
        var parse: Throughput
        var walk: Throughput
    }

    /// Why the Python side could not be measured.
    struct ReferenceProblem: Error, CustomStringConvertible {
        let description: String
    }

    private static func measurePython(python: String, script: String, directory: String, seconds: Double)
        -> Result<PythonFigures, ReferenceProblem> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, directory, "--seconds", String(seconds)]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return .failure(ReferenceProblem(description: "cannot start \(python): \(error.localizedDescription)"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let figures = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let implementation = figures["implementation"] as? String,
              let parseMB = figures["parse_mb_per_s"] as? Double,
              let parseEntities = figures["parse_entities_per_s"] as? Double,
              let walkMB = figures["walk_mb_per_s"] as? Double,
              let walkEntities = figures["walk_entities_per_s"] as? Double
        else {
            return .failure(ReferenceProblem(description: "\(script) exited with \(process.terminationStatus) or printed no figures"))
        }
        return .success(PythonFigures(
            implementation: implementation,
            parse: Throughput(megabytesPerSecond: parseMB, entitiesPerSecond: parseEntities),
            walk: Throughput(megabytesPerSecond: walkMB, entitiesPerSecond: walkEntities)))
    }
}
