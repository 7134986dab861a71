// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.TripUpdate {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("trip"); trip.writeJSON(to: &object)
            if let vehicle { object.key("vehicle"); vehicle.writeJSON(to: &object) }
            if !stopTimeUpdates.isEmpty {
                object.key("stop_time_update")
                object.array { array in for element in stopTimeUpdates { element.writeJSON(to: &array) } }
            }
            if let timestamp { object.key("timestamp"); object.value(timestamp) }
            if let delay { object.key("delay"); object.value(delay) }
            if let tripProperties { object.key("trip_properties"); tripProperties.writeJSON(to: &object) }
        }
    }
}

extension GTFSRealtime.TripUpdate.TripProperties {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let tripId { object.key("trip_id"); object.value(tripId) }
            if let startDate { object.key("start_date"); object.value(startDate) }
            if let startTime { object.key("start_time"); object.value(startTime) }
            if let shapeId { object.key("shape_id"); object.value(shapeId) }
        }
    }
}
