import TransitData
import TransitEngine

extension JSONWriter {
    /// Writes a GeoJSON FeatureCollection with one Point feature per item, at `coordinate(item)`,
    /// whose properties `properties` writes (the stations and bus stops lists).
    mutating func pointFeatureCollection<Item>(_ items: [Item], coordinate: (Item) -> Coordinate,
                                               properties: (Item, inout JSONWriter) -> Void) {
        featureCollection { features in
            for item in items {
                features.feature("Point", coordinates: { c in
                    c.array { c in
                        c.value(coordinate(item).longitude, decimals: 6)
                        c.value(coordinate(item).latitude, decimals: 6)
                    }
                }, properties: { p in properties(item, &p) })
            }
        }
    }
}
