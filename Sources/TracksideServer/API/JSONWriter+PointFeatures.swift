import TransitData
import TransitEngine

extension JSONWriter {
    /// Writes a GeoJSON FeatureCollection with one Point feature per item, at `coordinate(item)` with
    /// `decimals` decimals, whose properties `properties` writes (the stations, bus stops and vehicles lists).
    /// `id` gives each feature an `id`; `members` writes members of the collection beside `features`.
    mutating func pointFeatureCollection<Item>(_ items: [Item], coordinate: (Item) -> Coordinate, decimals: Int = 6,
                                               id: ((Item) -> String)? = nil,
                                               members: (inout JSONWriter) -> Void = { _ in },
                                               properties: (Item, inout JSONWriter) -> Void) {
        object { o in
            o.key("type"); o.value("FeatureCollection")
            members(&o)
            o.key("features")
            o.array { features in
                for item in items {
                    features.object { f in
                        f.key("type"); f.value("Feature")
                        if let id { f.key("id"); f.value(id(item)) }
                        f.key("geometry")
                        f.object { g in
                            g.key("type"); g.value("Point")
                            g.key("coordinates")
                            g.array { c in
                                c.value(coordinate(item).longitude, decimals: decimals)
                                c.value(coordinate(item).latitude, decimals: decimals)
                            }
                        }
                        f.key("properties"); f.object { p in properties(item, &p) }
                    }
                }
            }
        }
    }
}
