// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.VehicleDescriptor {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let id { object.key("id"); object.value(id) }
            if let label { object.key("label"); object.value(label) }
            if let licensePlate { object.key("license_plate"); object.value(licensePlate) }
            if let wheelchairAccessible { object.key("wheelchair_accessible"); object.value(wheelchairAccessible.protobufName) }
        }
    }
}
