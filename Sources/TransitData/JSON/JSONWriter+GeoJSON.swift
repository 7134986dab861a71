extension JSONWriter {
    /// Writes `{"type":"FeatureCollection","features":[…]}`, the features written by `features`.
    public mutating func featureCollection(_ features: (inout JSONWriter) -> Void) {
        object { o in
            o.key("type"); o.value("FeatureCollection")
            o.key("features")
            o.array(features)
        }
    }

    /// Writes one GeoJSON feature, `{"type":"Feature","geometry":{"type":…,"coordinates":…},"properties":{…}}`:
    /// `coordinates` writes the geometry's one coordinates value, `properties` the members of its properties.
    public mutating func feature(_ geometryType: String, coordinates: (inout JSONWriter) -> Void,
                                 properties: (inout JSONWriter) -> Void) {
        object { f in
            f.key("type"); f.value("Feature")
            f.key("geometry")
            f.object { g in
                g.key("type"); g.value(geometryType)
                g.key("coordinates")
                coordinates(&g)
            }
            f.key("properties"); f.object(properties)
        }
    }
}
