import Foundation

/// The offline demo data shipped in the repository's `Data/` folder (see `Data/PROVENANCE.md`).
///
/// `swift run trackside` runs the binary from `.build/<configuration>/`, inside the package, so
/// the folder is found by walking up from the executable. An installed binary far from the
/// repository is pointed at it explicitly (`--data PATH`) or through `TRACKSIDE_DATA`.
public struct BundledData: Sendable {
    /// The `Data/` folder.
    public let root: URL

    /// The file whose presence marks a folder as the bundled data.
    static let marker = "PROVENANCE.md"

    /// Uses `root` as the data folder, checking that it is one.
    public init(root: URL) throws {
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(Self.marker).path) else {
            throw GTFSLoadError("\(root.path) is not the bundled data folder (it has no \(Self.marker))")
        }
        self.root = root
    }

    /// Finds the data folder: `explicitPath` if given, else `TRACKSIDE_DATA` from `environment`,
    /// else the nearest `Data/` holding `PROVENANCE.md` in a folder above `executable`.
    public static func locate(explicitPath: String? = nil,
                              environment: [String: String] = ProcessInfo.processInfo.environment,
                              executable: URL? = Bundle.main.executableURL) throws -> BundledData {
        if let explicitPath {
            return try BundledData(root: URL(fileURLWithPath: explicitPath))
        }
        if let fromEnvironment = environment["TRACKSIDE_DATA"], !fromEnvironment.isEmpty {
            return try BundledData(root: URL(fileURLWithPath: fromEnvironment))
        }
        guard let executable else {
            throw GTFSLoadError("cannot locate the bundled data: the executable's path is unknown; pass --data or set TRACKSIDE_DATA")
        }
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while true {
            let candidate = folder.appendingPathComponent("Data")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(marker).path) {
                return try BundledData(root: candidate)
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        throw GTFSLoadError("no Data/\(marker) in any folder above \(executable.path); pass --data or set TRACKSIDE_DATA")
    }

    /// The MTA 1 and 2 line GTFS with shapes and stop_times, a zip as published.
    public var subwayFeed: URL { root.appendingPathComponent("gtfs/nyc_subway_gtfs.zip") }
    /// A folder holding the full-network subway `stops.txt` (load with `GTFSFeed(contentsOf:)`).
    public var subwayStops: URL { root.appendingPathComponent("subway-stops") }
    /// Station complexes grouping parent stop ids (`mta-subway` stations.json).
    public var stationGroups: URL { root.appendingPathComponent("stations/mta-subway_stations.json") }
    /// The offline base map the web page draws (`basemap.json` and the files it names), built from the borough
    /// outlines and neighbourhood areas by `trackside-basemap`.
    public var baseMap: URL { root.appendingPathComponent("maps") }
}
