import Foundation
import Testing
@testable import TracksideServer
import TransitEngine
import WebSocketServer

/// `/api/routes` from the bundled 1 and 2 line feed (Data/, in the repository).
@Suite struct RouteShapesRouteTests {
    static let network = try! Network(gtfs: [ScheduleSimulatorTests.feed], profile: NYCTProfile())

    @Test func everyDistinctShapeIsALineInItsRoutesColours() throws {
        let bytes = TracksideApp.routeShapesGeoJSON(Self.network)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let features = try #require(document["features"] as? [[String: Any]])
        #expect(document["type"] as? String == "FeatureCollection")
        // The feed has 13 shapes; ones with identical simplified points would be listed once.
        #expect(!features.isEmpty && features.count <= Self.network.shapes.count)
        for feature in features {
            let properties = try #require(feature["properties"] as? [String: Any])
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "LineString")
            #expect(((geometry["coordinates"] as? [[Double]])?.count ?? 0) >= 2)
            let route = try #require(properties["route"] as? String)
            #expect(["1", "2"].contains(route))
            // MTA red for the 1, 2 and 3; this feed leaves route_text_color blank, so it is null
            // (clients pick the text colour), not an invented value.
            #expect(properties["color"] as? String == "#EE352E")
            #expect(properties["text_color"] is NSNull)
        }
    }

    @Test func simplifiedLinesStayWithinTheirToleranceOfTheShape() throws {
        let bytes = TracksideApp.routeShapesGeoJSON(Self.network)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let features = try #require(document["features"] as? [[String: Any]])
        let shapes = Dictionary(uniqueKeysWithValues: Self.network.shapes.map { ($0.id, $0) })
        var kept = 0, original = 0
        for feature in features {
            let id = try #require((feature["properties"] as? [String: Any])?["shape"] as? String)
            let shape = try #require(shapes[id])
            let line = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
            kept += line.count
            original += shape.polyline.points.count
            // Every kept point lies on the shape (5 decimals ≈ 1 m of rounding on top of the tolerance).
            for point in line {
                let projected = try #require(shape.polyline.project(Coordinate(latitude: point[1], longitude: point[0])))
                #expect(projected.distanceFromLine <= TracksideApp.routeLineTolerance + 1.5)
            }
        }
        #expect(kept < original, "simplification drops points")
    }

    @Test func theDocumentRevalidatesWithItsEntityTag() throws {
        let document = PreparedDocument(body: TracksideApp.routeShapesGeoJSON(Self.network), contentType: "application/json")
        var request = HTTPRequest(method: "GET", target: "/api/routes")
        request.headers.add("Accept-Encoding", "gzip")
        let first = document.response(to: request)
        #expect(first.status == .ok && first.headers["Content-Encoding"] == "gzip")
        let tag = try #require(first.headers["ETag"])
        request.headers.add("If-None-Match", tag)
        let second = document.response(to: request)
        #expect(second.status == .notModified && second.body.isEmpty)
    }
}
