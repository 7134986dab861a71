// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.Position {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("latitude"); object.protobufValue(latitude)
            object.key("longitude"); object.protobufValue(longitude)
            if let bearing { object.key("bearing"); object.protobufValue(bearing) }
            if let odometer { object.key("odometer"); object.protobufValue(odometer) }
            if let speed { object.key("speed"); object.protobufValue(speed) }
        }
    }
}
