// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.TripDescriptor {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let tripId { object.key("trip_id"); object.value(tripId) }
            if let routeId { object.key("route_id"); object.value(routeId) }
            if let directionId { object.key("direction_id"); object.value(directionId) }
            if let startTime { object.key("start_time"); object.value(startTime) }
            if let startDate { object.key("start_date"); object.value(startDate) }
            if let scheduleRelationship { object.key("schedule_relationship"); object.value(scheduleRelationship.protobufName) }
            if let modifiedTrip { object.key("modified_trip"); modifiedTrip.writeJSON(to: &object) }
            if let nyctTripDescriptor { object.key("nyct_trip_descriptor"); nyctTripDescriptor.writeJSON(to: &object) }
        }
    }
}

extension GTFSRealtime.TripDescriptor.ModifiedTripSelector {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let modificationsId { object.key("modifications_id"); object.value(modificationsId) }
            if let affectedTripId { object.key("affected_trip_id"); object.value(affectedTripId) }
        }
    }
}
