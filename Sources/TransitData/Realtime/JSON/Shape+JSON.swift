// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.Shape {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let shapeId { object.key("shape_id"); object.value(shapeId) }
            if let encodedPolyline { object.key("encoded_polyline"); object.value(encodedPolyline) }
        }
    }
}
