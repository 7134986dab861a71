import Foundation
import Testing
import TestSupport
import TransitData
@testable import TracksideServer
import WebSocketServer

/// The bundled offline base map served to the web map (`Data/maps`, in the repository).
@Suite struct BaseMapRouteTests {
    static let data = try? BundledData(root: SharedData.repositoryRoot.appendingPathComponent("Data"))
    static let route = data.flatMap { try? BaseMapRoute(data: $0) }

    func request(_ file: String, acceptEncoding: String? = "gzip, deflate, br") -> (HTTPRequest, String) {
        var headers = HTTPHeaders()
        if let acceptEncoding { headers.add("Accept-Encoding", acceptEncoding) }
        return (HTTPRequest(method: "GET", target: BaseMapRoute.prefix + file, headers: headers), file)
    }

    func respond(_ file: String, acceptEncoding: String? = "gzip, deflate, br") throws -> HTTPResponse {
        let (request, name) = request(file, acceptEncoding: acceptEncoding)
        return try #require(Self.route).respond(to: request, file: name)
    }

    @Test func servesEveryFileTheManifestNamesGzippedToBrowsers() throws {
        let route = try #require(Self.route)
        #expect(route.fileNames.contains("basemap.json") && route.fileNames.contains("labels.geojson"))
        #expect(route.fileNames.filter { $0.hasPrefix("land-z") }.count == 5)
        let land = try respond("land-z14.geojson")
        #expect(land.status == .ok && land.headers["Content-Encoding"] == "gzip")
        #expect(land.headers["Content-Type"] == "application/geo+json" && land.headers["Vary"] == "Accept-Encoding")
        let plain = try respond("land-z14.geojson", acceptEncoding: nil)
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(plain.body == Array(try Data(contentsOf: try #require(Self.data).baseMap.appendingPathComponent("land-z14.geojson"))))
        #expect(land.body.count < plain.body.count / 3)
        let manifest = try respond("basemap.json")
        #expect(manifest.headers["Content-Type"] == "application/json")
    }

    @Test func theManifestsBoundsAreNewYorks() throws {
        let bounds = try #require(Self.route).bounds
        #expect(bounds.count == 4)
        #expect(abs(bounds[0] - -74.256) < 0.01 && abs(bounds[1] - 40.496) < 0.01)
        #expect(abs(bounds[2] - -73.700) < 0.01 && abs(bounds[3] - 40.916) < 0.01)
    }

    @Test(arguments: ["nyc_borough_boundaries.geojson.gz", "..%2Fgtfs%2Fnyc_subway_gtfs.zip", "PROVENANCE.md", ""])
    func filesTheManifestDoesNotNameAre404(file: String) throws {
        let response = try respond(file)
        #expect(response.status == .notFound && response.headers["Content-Type"]?.hasPrefix("application/json") == true)
    }

    @Test func refusesAManifestThatIsGarbageNamesMissingFilesOrLeavesItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("basemap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("maps"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("PROVENANCE.md"))
        let data = try BundledData(root: folder)
        let manifest = data.baseMap.appendingPathComponent("basemap.json")
        #expect(throws: BaseMapError.self) { try BaseMapRoute(data: data) }  // no manifest at all
        for garbage in ["{", #"{"bounds":[0,0,1,1]}"#, String(repeating: "[", count: 10_000)] {
            try Data(garbage.utf8).write(to: manifest)
            #expect(throws: BaseMapError.self) { try BaseMapRoute(data: data) }
        }
        let valid = #"{"bounds":[0,0,1,1],"land":[{"file":"land.geojson","minzoom":0,"maxzoom":24}],"areas":[],"labels":"LABELS"}"#
        try Data(valid.replacingOccurrences(of: "LABELS", with: "labels.geojson").utf8).write(to: manifest)
        try Data("{}".utf8).write(to: data.baseMap.appendingPathComponent("land.geojson"))
        #expect(throws: BaseMapError.self) { try BaseMapRoute(data: data) }  // labels.geojson is missing
        try Data(valid.replacingOccurrences(of: "LABELS", with: "../PROVENANCE.md").utf8).write(to: manifest)
        #expect(throws: BaseMapError.self) { try BaseMapRoute(data: data) }
        try Data(valid.replacingOccurrences(of: "LABELS", with: "land.geojson").utf8).write(to: manifest)
        let route = try BaseMapRoute(data: data)
        #expect(route.fileNames == ["basemap.json", "land.geojson"])
        // A file that goes away after startup is a 500 with a JSON error, not a crash.
        try FileManager.default.removeItem(at: data.baseMap.appendingPathComponent("land.geojson"))
        let gone = route.respond(to: HTTPRequest(method: "GET", target: BaseMapRoute.prefix + "land.geojson"), file: "land.geojson")
        #expect(gone.status == .internalServerError)
    }
}
