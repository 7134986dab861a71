import Foundation
import TransitData
import TransitEngine

/// The offline base map the web page draws under the transit layers, built from a city's land outlines and its
/// named areas: land per zoom level, parks/cemeteries/airports per zoom level, one file of label points, and a
/// manifest (`basemap.json`) naming the files and the zooms each is drawn at.
///
/// Everything is deterministic: the same inputs give the same bytes, so the committed files can be checked
/// against a fresh build.
public struct BaseMap: Sendable {
    /// File name → contents, the manifest included.
    public let files: [String: [UInt8]]

    /// The manifest's file name.
    public static let manifestName = "basemap.json"

    /// Builds the base map of `land` (one feature per borough or land area, named) and `areas` (named areas,
    /// such as neighbourhoods, with NYC's `nta_type` when they have one).
    public init(land: [AreaFeature], areas: [AreaFeature], name: String, attribution: String) {
        var files: [String: [UInt8]] = [:]
        for level in ZoomLevel.land {
            files[level.fileName("land")] = Self.shapes(land.map { ($0, nil) }, level: level)
        }
        let drawn = areas.compactMap { area -> (AreaFeature, LabelKind)? in
            let kind = LabelKind(ntaType: area.typeCode)
            return kind.isDrawnArea ? (area, kind) : nil
        }
        for level in ZoomLevel.areas {
            files[level.fileName("areas")] = Self.shapes(drawn, level: level)
        }
        let labelled = land.map { ($0, LabelKind.borough) } + areas.map { ($0, LabelKind(ntaType: $0.typeCode)) }
        files["labels.geojson"] = Self.labels(labelled)
        files[Self.manifestName] = Self.manifest(name: name, attribution: attribution, bounds: Self.bounds(of: land))
        self.files = files
    }

    /// A FeatureCollection of the features' polygons simplified for `level`, each with its `name` (and `kind`).
    static func shapes(_ features: [(AreaFeature, LabelKind?)], level: ZoomLevel) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 1 << 20)
        json.featureCollection { list in
            for (feature, kind) in features {
                let polygons = feature.polygons.compactMap { polygon in
                    polygon.simplified(tolerance: level.tolerance, minimumArea: level.minimumArea)
                        .flatMap { rounded($0, decimals: level.decimals) }
                }
                guard !polygons.isEmpty else { continue }
                list.feature("MultiPolygon", coordinates: { coordinates in
                    coordinates.array { parts in
                        for polygon in polygons {
                            parts.array { rings in
                                for ring in polygon.rings { rings.array { write(ring, decimals: level.decimals, into: &$0) } }
                            }
                        }
                    }
                }, properties: { properties in
                    properties.key("name"); properties.value(feature.name)
                    if let kind { properties.key("kind"); properties.value(kind.rawValue) }
                })
            }
        }
        return json.bytes
    }

    /// One point per named feature, at its largest part's label point: `name`, `kind` and `rank` (0 for the
    /// largest area of its kind, so the page places the larger names first when labels collide).
    static func labels(_ features: [(AreaFeature, LabelKind)]) -> [UInt8] {
        let placed = features.compactMap { feature, kind -> (String, LabelKind, Double, Coordinate)? in
            guard let point = feature.largestPolygon?.labelPoint() else { return nil }
            return (feature.name, kind, feature.area, point)
        }
        var rankByName: [String: Int] = [:]
        for kind in LabelKind.allCases {
            let sorted = placed.filter { $0.1 == kind }.sorted { $0.2 != $1.2 ? $0.2 > $1.2 : $0.0 < $1.0 }
            for (rank, label) in sorted.enumerated() { rankByName["\(kind.rawValue)/\(label.0)"] = rank }
        }
        var json = JSONWriter(reservingCapacity: 64 << 10)
        json.featureCollection { list in
            for (name, kind, _, point) in placed {
                list.feature("Point", coordinates: { coordinates in
                    coordinates.array { write(point, decimals: 5, into: &$0) }
                }, properties: { properties in
                    properties.key("name"); properties.value(name)
                    properties.key("kind"); properties.value(kind.rawValue)
                    properties.key("rank"); properties.value(rankByName["\(kind.rawValue)/\(name)"] ?? 0)
                })
            }
        }
        return json.bytes
    }

    /// The manifest: the map's name, attribution, bounds, and per layer the files with the zooms they cover.
    static func manifest(name: String, attribution: String, bounds: [Double]) -> [UInt8] {
        var json = JSONWriter()
        json.object { root in
            root.key("name"); root.value(name)
            root.key("attribution"); root.value(attribution)
            root.key("bounds"); root.array { list in for value in bounds { list.value(value, decimals: 4) } }
            for (layer, levels) in [("land", ZoomLevel.land), ("areas", ZoomLevel.areas)] {
                root.key(layer)
                root.array { list in
                    for level in levels {
                        list.object { entry in
                            entry.key("file"); entry.value(level.fileName(layer))
                            entry.key("minzoom"); entry.value(level.minZoom)
                            entry.key("maxzoom")
                            if let maxZoom = level.maxZoom { entry.value(maxZoom) } else { entry.value(24) }
                        }
                    }
                }
            }
            root.key("labels"); root.value("labels.geojson")
        }
        return json.bytes + [UInt8(ascii: "\n")]
    }

    /// `[west, south, east, north]` of every outer ring.
    static func bounds(of features: [AreaFeature]) -> [Double] {
        let points = features.flatMap { $0.polygons.compactMap(\.rings.first).joined() }
        let longitudes = points.map(\.longitude), latitudes = points.map(\.latitude)
        return [longitudes.min() ?? 0, latitudes.min() ?? 0, longitudes.max() ?? 0, latitudes.max() ?? 0]
    }

    /// The polygon with every coordinate rounded to `decimals` places and the repeats rounding makes removed;
    /// nil when its outer ring collapses.
    static func rounded(_ polygon: Polygon, decimals: Int) -> Polygon? {
        let scale = pow(10, Double(decimals))
        var rings: [[Coordinate]] = []
        for (index, ring) in polygon.rings.enumerated() {
            var kept: [Coordinate] = []
            for point in ring {
                let snapped = Coordinate(latitude: (point.latitude * scale).rounded() / scale,
                                         longitude: (point.longitude * scale).rounded() / scale)
                if kept.last != snapped { kept.append(snapped) }
            }
            guard kept.count >= 4, kept.first == kept.last else {
                if index == 0 { return nil }
                continue
            }
            rings.append(kept)
        }
        return Polygon(rings: rings)
    }

    private static func write(_ ring: [Coordinate], decimals: Int, into json: inout JSONWriter) {
        for point in ring { json.array { write(point, decimals: decimals, into: &$0) } }
    }

    private static func write(_ point: Coordinate, decimals: Int, into json: inout JSONWriter) {
        json.value(point.longitude, decimals: decimals)
        json.value(point.latitude, decimals: decimals)
    }
}
