import TransitData
import TransitEngine

extension JSONWriter {
    /// Writes a GeoJSON FeatureCollection with one Point feature per item, at `coordinate(item)`,
    /// whose properties `properties` writes (the stations and bus stops lists).
    mutating func pointFeatureCollection<Item>(_ items: [Item], coordinate: (Item) -> Coordinate,
                                               properties: (Item, inout JSONWriter) -> Void) {
        object { o in
            o.key("type"); o.value("FeatureCollection")
            o.key("features")
            o.array { features in
                for item in items {
                    features.object { f in
                        f.key("type"); f.value("Feature")
                        f.key("geometry")
                        f.object { g in
                            g.key("type"); g.value("Point")
                            g.key("coordinates")
                            g.array { c in
                                c.value(coordinate(item).longitude, decimals: 6)
                                c.value(coordinate(item).latitude, decimals: 6)
                            }
                        }
                        f.key("properties"); f.object { p in properties(item, &p) }
                    }
                }
            }
        }
    }
}
