import Foundation
import TracksideCommandLine
import TracksideServer
import TransitData
import TransitEngine

/// `trackside place --gtfs DIR_OR_ZIP … --at UNIX_SECONDS FILE…`: the vehicle states the engine
/// computes from recorded feeds at one instant, as a JSON array on stdout.
struct PlaceCommand: CLICommand {
    static let name = "place"
    static let summary = "place the vehicles of feed files at one instant and print their states as JSON"
    static let usage = """
        Usage: trackside place --gtfs DIR_OR_ZIP [--gtfs MORE…] [--at UNIX_SECONDS] [--profile auto|nyct|standard]
                               [--data DIR] [--coverage] FILE…

        Builds the network from the static GTFS feeds (folders or zips), reads the realtime feed
        files (GTFS-realtime .pb, SIRI VehicleMonitoring .json or .xml, gzip accepted) and prints the JSON array of vehicle states at
        the given instant, sorted by id, in the wire form of docs/PROTOCOL.md.

        Options:
          --gtfs PATH     static GTFS folder or zip; repeat to merge several (subway and bus)
          --at SECONDS    the instant, seconds since the Unix epoch (default: the newest feed's time)
          --profile NAME  auto (default): nyct for New York City Transit's GTFS, else standard;
                          nyct: NYC Transit's trip ids, aliases and platform fixes;
                          standard: plain GTFS and GTFS-realtime, trip updates read
                          against the timetable (delays carried to later stops)
          --data DIR      the bundled data folder (default: found as serve finds it)
          --coverage      also print, on stderr, how many trains per route got an exact shape,
                          a fallback one, or none
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let printCoverage = arguments.flag("coverage")

        let recorded: RecordedFeeds
        do {
            recorded = try RecordedFeeds(arguments: &arguments)
        } catch let failure as RecordedFeeds.Failure {
            return fail(failure.description)
        }
        let result = PlacementEngine(network: recorded.network).place(recorded.snapshot, at: recorded.now)
        let states = result.states.sorted { $0.id < $1.id }

        var json = JSONWriter(reservingCapacity: states.count * 400)
        json.array { array in
            for state in states { state.writeJSON(to: &array) }
        }
        FileHandle.standardOutput.write(Data(json.bytes + [UInt8(ascii: "\n")]))
        if printCoverage { FileHandle.standardError.write(Data(coverageTable(result.coverage).utf8)) }
        return 0
    }

    /// One line per route: `route exact fallback none`, then the total.
    static func coverageTable(_ coverage: ShapeCoverage) -> String {
        var lines = ["route\texact\tfallback\tnone"]
        for (route, counts) in coverage.routes.sorted(by: { $0.key < $1.key }) {
            lines.append("\(route)\t\(counts.exact)\t\(counts.fallback)\t\(counts.none)")
        }
        let total = coverage.total
        lines.append("total\t\(total.exact)\t\(total.fallback)\t\(total.none)")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
        return 2
    }
}
