import TransitData
import TransitEngine

extension VehicleState {
    /// Writes the compact wire form shared by `trackside place`, `/api/vehicles` and the push
    /// protocol (docs/PROTOCOL.md). Coordinates have 5 decimals (about a metre), the bearing
    /// is a whole degree, times are seconds with at most 3 decimals; absent fields are omitted.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { o in writeMembers(to: &o, placement: true) }
    }

    /// Writes the wire form's members into the enclosing object; without `placement`, all but `lat`,
    /// `lon` and `seg` (a GeoJSON feature's properties, whose geometry holds the position).
    public func writeMembers(to o: inout JSONWriter, placement: Bool) {
        o.key("id"); o.value(id)
        o.key("kind"); o.value(kind.rawValue)
        o.key("route"); o.value(route)
        label?.writeMembers(to: &o)
        if let trip { o.key("trip"); o.value(trip) }
        if let direction { o.key("dir"); o.value(direction) }
        if let headsign { o.key("headsign"); o.value(headsign) }
        if placement {
            o.key("lat"); o.value(position.latitude, decimals: 5)
            o.key("lon"); o.value(position.longitude, decimals: 5)
        }
        o.key("bearing"); o.value(bearing, decimals: 0)
        o.key("status"); o.value(status.rawValue)
        if let stop { o.key("stop"); o.value(stop) }
        if let nextStop { o.key("next"); o.value(nextStop) }
        if placement, let motion {
            o.key("seg")
            o.object { s in
                s.key("t0"); s.value(motion.startTime, decimals: 3)
                s.key("t1"); s.value(motion.endTime, decimals: 3)
                s.key("path")
                s.array { p in
                    for point in motion.path {
                        p.array { c in
                            c.value(point.longitude, decimals: 5)
                            c.value(point.latitude, decimals: 5)
                        }
                    }
                }
            }
        }
        o.key("age"); o.value(age, decimals: 0)
        o.key("src"); o.value(source.rawValue)
        if !flags.isEmpty {
            o.key("flags")
            o.array { a in
                for (flag, name) in Flags.names where flags.contains(flag) { a.value(name) }
            }
        }
        o.key("ts"); o.value(feedTimestamp)
    }

    /// The wire form as a standalone JSON document.
    public var json: String {
        var writer = JSONWriter()
        writeJSON(to: &writer)
        return writer.string
    }
}
