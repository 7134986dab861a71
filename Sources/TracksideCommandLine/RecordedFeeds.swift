import Foundation
import TransitData
import TransitEngine

/// What the offline commands (`place`, `arrivals`) and the benchmarks compute from: the network
/// of static GTFS feeds and the reports decoded from recorded realtime files, at one instant.
public struct RecordedFeeds {
    public var network: Network
    public var snapshot: FeedSnapshot
    /// The requested instant, else the newest feed's time.
    public var now: Double

    /// Why loading failed, as one line for stderr.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The recorded files of `folder` whose names `keep` accepts, in name order, with their bytes:
    /// the one listing of a recording that the commands and the benchmarks read.
    public static func files(inFolder folder: String,
                             where keep: (String) -> Bool = { _ in true }) throws -> [(name: String, bytes: Data)] {
        let url = URL(fileURLWithPath: folder)
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter(keep).map { name in
            (name, try Data(contentsOf: url.appendingPathComponent(name)))
        }
    }

    /// Reads the options the offline commands share, `--gtfs PATH…`, `--at SECONDS`,
    /// `--profile auto|nyct|standard` (auto: from the GTFS) and `--data DIR` (the bundled data folder, found as
    /// `serve` finds it when not given), then the feed FILEs (the positionals: call this after the command's own
    /// options), and loads them. Usage errors throw `ArgumentList.UsageError`.
    public init(arguments: inout ArgumentList) throws {
        let gtfsPaths = try arguments.values("gtfs")
        let at = try arguments.value("at", default: Double?.none) { Double($0) }
        let choice = try arguments.value("profile", default: ProfileChoice.auto) { ProfileChoice(rawValue: $0) }
        let dataFolder = try arguments.value("data")
        let files = try arguments.positionals()
        guard !gtfsPaths.isEmpty else { throw ArgumentList.UsageError(description: "needs at least one --gtfs") }
        guard !files.isEmpty else { throw ArgumentList.UsageError(description: "needs at least one feed FILE") }
        try self.init(gtfsPaths: gtfsPaths, files: files, profile: choice, at: at,
                      stationGroups: try Self.bundledStationGroups(dataFolder: dataFolder))
    }

    /// Reads `gtfsPaths` (folders or zips) and the feed `files` (GTFS-realtime or SIRI, gzip accepted); stations
    /// join into complexes by `stationGroups` and the GTFS transfers, as in `serve`.
    public init(gtfsPaths: [String], files: [String], profile: ProfileChoice, at: Double?,
                stationGroups: [StationGroups.Group] = []) throws(Failure) {
        do {
            let gtfs = try gtfsPaths.map { try GTFSFeed(contentsOf: URL(fileURLWithPath: $0)) }
            network = try Network(gtfs: gtfs, profile: profile.profile(for: gtfs), stationGroups: stationGroups)
        } catch {
            throw Failure(description: "\(error)")
        }
        var feeds: [FeedReport] = []
        for path in files {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw Failure(description: "cannot read \(path): \(error.localizedDescription)")
            }
            do {
                feeds.append(try FeedReport(decoding: data, name: path, network: network, fetchedAt: at ?? 0))
            } catch {
                throw Failure(description: error.description)
            }
        }
        snapshot = FeedSnapshot(feeds)
        now = at ?? feeds.map(\.timestamp).max() ?? 0
    }

    /// The bundled station grouping `serve` loads (Data/stations): given `--data`, it must be there; found by
    /// walking up from the executable, its absence only leaves stations joined by transfers (said on stderr).
    static func bundledStationGroups(dataFolder: String?) throws(Failure) -> [StationGroups.Group] {
        let path: String
        do {
            path = try BundledData.locate(explicitPath: dataFolder).stationGroups.path
        } catch {
            guard dataFolder == nil else { throw Failure(description: "\(error)") }
            FileHandle.standardError.write(Data("trackside: no station groups (\(error)); stations join by transfers only\n".utf8))
            return []
        }
        do {
            return try StationGroups(contentsOf: path).groups
        } catch {
            throw Failure(description: "\(error)")
        }
    }
}
