import Foundation
import Testing
import TestSupport
import TransitData
@testable import TracksideServer
import WebSocketServer

/// The bundled borough outlines served to the web map (`Data/maps`, in the repository).
@Suite struct BaseMapRouteTests {
    static let data = try? BundledData(root: SharedData.repositoryRoot.appendingPathComponent("Data"))
    /// Built once: it inflates and parses 3.2 MB of GeoJSON.
    static let route = data.flatMap { try? BaseMapRoute(data: $0) }

    /// `[1, 2, 3]` gzipped (Python's gzip.compress with mtime 0).
    static let gzippedArray = Data([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x8b, 0x36, 0xd4, 0x51,
                                    0x30, 0xd2, 0x51, 0x30, 0x8e, 0x05, 0x00, 0xc1, 0x3b, 0x21, 0xb8, 0x09, 0x00, 0x00, 0x00])

    func request(acceptEncoding: String?) -> HTTPRequest {
        var headers = HTTPHeaders()
        if let acceptEncoding { headers.add("Accept-Encoding", acceptEncoding) }
        return HTTPRequest(method: "GET", target: BaseMapRoute.path, headers: headers)
    }

    @Test func browsersGetTheShippedGzipBytes() throws {
        let data = try #require(Self.data)
        let response = try #require(Self.route).respond(to: request(acceptEncoding: "gzip, deflate, br"))
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(response.headers["Content-Type"] == "application/geo+json")
        #expect(response.headers["Vary"] == "Accept-Encoding")
        #expect(response.body == Array(try Data(contentsOf: data.boroughBoundaries)))
    }

    @Test(arguments: [nil, "identity", "gzip;q=0", "br"])
    func othersGetTheGeoJSONInflated(acceptEncoding: String?) throws {
        let response = try #require(Self.route).respond(to: request(acceptEncoding: acceptEncoding))
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.body.count == 3_168_412)  // the raw size Data/PROVENANCE.md gives
    }

    @Test func theInflatedFileHoldsTheFiveBoroughs() throws {
        let response = try #require(Self.route).respond(to: request(acceptEncoding: nil))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 5)
    }

    @Test func refusesOutlinesThatAreNotGzipAndAnswers500WhenTheyCannotBeInflated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("maps"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("PROVENANCE.md"))
        let data = try BundledData(root: folder)
        try Data("{\"type\":\"FeatureCollection\",\"features\":[]}".utf8).write(to: data.boroughBoundaries)
        #expect(throws: BaseMapError.self) { try BaseMapRoute(data: data) }

        let truncated = Self.gzippedArray.prefix(14)
        try truncated.write(to: data.boroughBoundaries)
        let route = try BaseMapRoute(data: data)
        #expect(route.respond(to: request(acceptEncoding: "gzip")).body == Array(truncated))
        #expect(route.respond(to: request(acceptEncoding: nil)).status == .internalServerError)

        try Self.gzippedArray.write(to: data.boroughBoundaries)
        #expect(try BaseMapRoute(data: data).respond(to: request(acceptEncoding: nil)).body == Array("[1, 2, 3]".utf8))
    }
}
