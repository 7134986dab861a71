import Foundation
import TracksideCommandLine
import TransitData

/// `trackside-bench siri`: SIRI VehicleMonitoring decoding on the 2017 all-lines snapshots
/// (~2.4 MB and ~2,300 buses each), beside Foundation doing only part of the work in the same
/// run: `JSONSerialization` parsing the same bytes (the floor under the full decode), and
/// `ISO8601DateFormatter` parsing the same timestamps as `ISO8601Timestamp`.
struct SIRIDecodeBench: CLICommand {
    static let name = "siri"
    static let summary = "SIRI VehicleMonitoring decode MB/s and buses/s, against JSONSerialization alone; ISO 8601 times against ISO8601DateFormatter"
    static let usage = """
          --data DIR   folder of vm_all-lines_*.json.gz snapshots (default ../shared/data/bus-siri/vehicle-monitoring)
          --runs N     timed passes over all snapshots; the fastest is reported (default 5)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let directory = try arguments.value("data") ?? "../shared/data/bus-siri/vehicle-monitoring"
        let runs = try arguments.value("runs", default: 5) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        guard try arguments.positionals().isEmpty else {
            throw ArgumentList.UsageError(description: "siri takes no positional arguments")
        }
        let recorded = try RecordedFeeds.files(inFolder: directory, where: { $0.hasPrefix("vm_all-lines_") && $0.hasSuffix(".json.gz") })
        guard !recorded.isEmpty else { throw ArgumentList.UsageError(description: "no vm_all-lines_*.json.gz in \(directory)") }
        // Inflated up front: the figures are for the JSON, not for zlib.
        let documents = try recorded.map { try Inflate.gunzipIfNeeded($0.bytes) }
        let bytes = Double(documents.reduce(0) { $0 + $1.count })

        var buses = 0
        let decode = try fastest(of: runs) {
            buses = 0
            for document in documents { buses += try SIRIDecoder.decode(document).vehicleActivities.count }
        }
        let parseOnly = try fastest(of: runs) {
            for document in documents { _ = try JSONSerialization.jsonObject(with: document) }
        }
        print("siri: \(recorded.count) snapshots, \(String(format: "%.1f", bytes / 1e6)) MB of JSON, \(buses) buses; fastest of \(runs) passes")
        print(line("SIRIDecoder.decode (full model)", seconds: decode, bytes: bytes, items: buses, unit: "buses"))
        print(line("JSONSerialization only (reference)", seconds: parseOnly, bytes: bytes, items: buses, unit: "buses"))
        print(String(format: "  full decode takes %.2fx the time of the JSON parse alone", decode / parseOnly))

        let stamps = try timestamps(in: documents)
        var checksum = 0.0
        let ours = try fastest(of: runs) {
            checksum = 0
            for stamp in stamps { checksum += ISO8601Timestamp.secondsSince1970(stamp) ?? .nan }
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var reference = 0.0
        let foundation = try fastest(of: runs) {
            reference = 0
            for stamp in stamps { reference += formatter.date(from: stamp)?.timeIntervalSince1970 ?? .nan }
        }
        print("\ntimes: \(stamps.count) ISO 8601 values from the same snapshots (sums agree: \(abs(checksum - reference) < 1))")
        print("  " + padded("ISO8601Timestamp") + String(format: "%8.0f ns/value", ours / Double(stamps.count) * 1e9))
        print("  " + padded("ISO8601DateFormatter (reference)") + String(format: "%8.0f ns/value", foundation / Double(stamps.count) * 1e9))
        print(String(format: "  ISO8601Timestamp is %.1fx faster", foundation / ours))
        return 0
    }

    /// The wall time of the fastest of `runs` calls of `body`, after one untimed warm-up call.
    private static func fastest(of runs: Int, _ body: () throws -> Void) throws -> Double {
        try body()
        var best = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return best
    }

    /// Every time in the documents (members named `…Time` or `…Timestamp`), as written.
    private static func timestamps(in documents: [Data]) throws -> [String] {
        var stamps: [String] = []
        func collect(_ value: Any, key: String) {
            switch value {
            case let object as [String: Any]: for (name, member) in object { collect(member, key: name) }
            case let list as [Any]: for element in list { collect(element, key: key) }
            case let text as String where key.hasSuffix("Time") || key.hasSuffix("Timestamp"): stamps.append(text)
            default: break
            }
        }
        for document in documents { collect(try JSONSerialization.jsonObject(with: document), key: "") }
        return stamps
    }

    private static func line(_ label: String, seconds: Double, bytes: Double, items: Int, unit: String) -> String {
        "  " + padded(label) + String(format: "%8.1f ms %8.1f MB/s %10.0f %@/s", seconds * 1000, bytes / seconds / 1e6,
                                      Double(items) / seconds, unit as NSString)
    }

    private static func padded(_ label: String) -> String {
        label.padding(toLength: 38, withPad: " ", startingAt: 0)
    }
}
