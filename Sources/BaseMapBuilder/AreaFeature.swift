import Foundation
import TransitEngine

/// One named area of a source GeoJSON file: a borough or a neighbourhood tabulation area, with its polygons.
public struct AreaFeature: Equatable, Sendable {
    public var name: String
    /// NYC's `nta_type` code, when the file has one (0 residential, 7 cemetery, 8 airport, 9 park…).
    public var typeCode: String?
    public var polygons: [Polygon]

    public init(name: String, typeCode: String? = nil, polygons: [Polygon]) {
        self.name = name
        self.typeCode = typeCode
        self.polygons = polygons
    }

    /// The polygon with the largest outer ring, where a multi-part area's name goes.
    public var largestPolygon: Polygon? { polygons.max { $0.outerArea < $1.outerArea } }

    /// The total outer area in square metres (label priority: a larger area's name wins a collision).
    public var area: Double { polygons.reduce(0) { $0 + $1.outerArea } }
}

/// Why a source file could not be read.
public struct AreaFileError: Error, CustomStringConvertible, Equatable {
    public let description: String
}

extension AreaFeature {
    /// The named Polygon and MultiPolygon features of a GeoJSON FeatureCollection; features without a `name`
    /// or with another geometry are refused, as the base map would silently miss them.
    public static func features(fromGeoJSON data: Data) throws -> [AreaFeature] {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              root["type"] as? String == "FeatureCollection", let features = root["features"] as? [Any] else {
            throw AreaFileError(description: "not a GeoJSON FeatureCollection")
        }
        return try features.enumerated().map { index, element in
            guard let feature = element as? [String: Any], let properties = feature["properties"] as? [String: Any],
                  let name = properties["name"] as? String, let geometry = feature["geometry"] as? [String: Any] else {
                throw AreaFileError(description: "feature \(index) has no name or geometry")
            }
            let typeCode = (properties["nta_type"]).map { "\($0)" }
            let polygons: [Polygon]
            switch geometry["type"] as? String {
            case "Polygon": polygons = [try polygon(geometry["coordinates"], feature: index)]
            case "MultiPolygon":
                guard let parts = geometry["coordinates"] as? [Any] else { throw AreaFileError(description: "feature \(index): bad coordinates") }
                polygons = try parts.map { try polygon($0, feature: index) }
            default: throw AreaFileError(description: "feature \(index) (\(name)) is not a Polygon or MultiPolygon")
            }
            return AreaFeature(name: name, typeCode: typeCode, polygons: polygons)
        }
    }

    private static func polygon(_ value: Any?, feature: Int) throws -> Polygon {
        guard let rings = value as? [[[Double]]] else { throw AreaFileError(description: "feature \(feature): bad coordinates") }
        return Polygon(rings: try rings.map { ring in
            try ring.map { pair in
                guard pair.count >= 2, pair[0].isFinite, pair[1].isFinite else {
                    throw AreaFileError(description: "feature \(feature): a position is not two finite numbers")
                }
                return Coordinate(latitude: pair[1], longitude: pair[0])
            }
        })
    }
}
