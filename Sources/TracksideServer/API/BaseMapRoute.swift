import Foundation
import Synchronization
import TransitData
import WebSocketServer

/// Serves the bundled offline base map the web page draws under everything else, `Data/maps` as the project's
/// `trackside-basemap` tool builds it: `GET /data/basemap/basemap.json` (the manifest) and the files it names
/// (land and parks per zoom level, label points). `/api/config` announces the manifest as `offline_basemap`.
///
/// Only files the manifest names are served, each read, gzipped and tagged once on first request
/// (`PreparedDocument`), so the listening line does not wait for a base map no client has asked for yet.
public final class BaseMapRoute: Sendable {
    /// The folder URL the files are served under.
    public static let prefix = "/data/basemap/"
    /// The manifest's URL.
    public static var manifestPath: String { prefix + "basemap.json" }
    /// No base map file may be larger than this (the finest land level is about 0.7 MB).
    static let fileLimit = 16 << 20

    let folder: URL
    /// The file names the manifest lists, the manifest included.
    public let fileNames: Set<String>
    /// `[west, south, east, north]` of the map's land, from the manifest: which network it suits.
    public let bounds: [Double]
    private let documents = Mutex<[String: PreparedDocument]>([:])

    /// Reads the manifest of `data`'s base map and checks every file it names is there.
    public init(data: BundledData) throws {
        folder = data.baseMap
        let manifestURL = folder.appendingPathComponent("basemap.json")
        let manifest: BaseMapManifest
        do {
            manifest = try JSONDecoder().decode(BaseMapManifest.self, from: Data(contentsOf: manifestURL))
        } catch {
            throw BaseMapError("\(manifestURL.path) is not a base map manifest: \(error)")
        }
        let names = manifest.fileNames
        for name in names {
            guard BaseMapManifest.isPlainName(name) else { throw BaseMapError("the manifest names '\(name)', not a file of its folder") }
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) else {
                throw BaseMapError("the manifest names \(name), which \(folder.path) lacks")
            }
        }
        fileNames = names.union(["basemap.json"])
        bounds = manifest.bounds
    }

    /// The base map of the bundled data folder: `dataFolder` when given, else the one found next to the
    /// executable or through `TRACKSIDE_DATA`.
    public static func bundled(dataFolder: String? = nil) throws -> BaseMapRoute {
        try BaseMapRoute(data: BundledData.locate(explicitPath: dataFolder))
    }

    /// Adds the route to `router`.
    public func install(on router: Router) {
        router.get(Self.prefix + "{file}") { [self] routed in respond(to: routed.request, file: routed.parameters["file"] ?? "") }
    }

    /// The file, gzipped when the request accepts it; 404 for a name the manifest does not list.
    public func respond(to request: HTTPRequest, file: String) -> HTTPResponse {
        guard fileNames.contains(file) else {
            return .error(.notFound, code: "not_found", message: "no base map file \(file)", json: true)
        }
        do {
            return try document(file).response(to: request, headers: HTTPHeaders([("Cache-Control", "public, max-age=86400")]))
        } catch {
            return .error(.internalServerError, code: "base_map_unreadable", message: "\(error)", json: true)
        }
    }

    private func document(_ name: String) throws -> PreparedDocument {
        if let cached = documents.withLock({ $0[name] }) { return cached }
        let url = folder.appendingPathComponent(name)
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= Self.fileLimit else { throw BaseMapError("\(name) is \(size) bytes, over \(Self.fileLimit)") }
        let type = name.hasSuffix(".geojson") ? "application/geo+json" : "application/json"
        let document = PreparedDocument(body: Array(try Data(contentsOf: url)), contentType: type)
        documents.withLock { $0[name] = document }
        return document
    }
}

/// The parts of `basemap.json` the server reads: the files and the land's bounds.
struct BaseMapManifest: Decodable {
    struct Level: Decodable {
        let file: String
    }

    let bounds: [Double]
    let land: [Level]
    let areas: [Level]
    let labels: String

    var fileNames: Set<String> { Set(land.map(\.file) + areas.map(\.file) + [labels]) }

    /// A name without folders or hidden-file dots: the manifest may only point into its own folder.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\")
    }
}

/// Why the bundled base map could not be served.
public struct BaseMapError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
