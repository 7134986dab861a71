// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.FeedEntity {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("id"); object.value(id)
            if let isDeleted { object.key("is_deleted"); object.value(isDeleted) }
            if let tripUpdate { object.key("trip_update"); tripUpdate.writeJSON(to: &object) }
            if let vehicle { object.key("vehicle"); vehicle.writeJSON(to: &object) }
            if let alert { object.key("alert"); alert.writeJSON(to: &object) }
            if let shape { object.key("shape"); shape.writeJSON(to: &object) }
            if let stop { object.key("stop"); stop.writeJSON(to: &object) }
            if let tripModifications { object.key("trip_modifications"); tripModifications.writeJSON(to: &object) }
        }
    }
}
