// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.TripUpdate.StopTimeEvent {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let delay { object.key("delay"); object.value(delay) }
            if let time { object.key("time"); object.value(time) }
            if let uncertainty { object.key("uncertainty"); object.value(uncertainty) }
        }
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let stopSequence { object.key("stop_sequence"); object.value(stopSequence) }
            if let stopId { object.key("stop_id"); object.value(stopId) }
            if let arrival { object.key("arrival"); arrival.writeJSON(to: &object) }
            if let departure { object.key("departure"); departure.writeJSON(to: &object) }
            if let departureOccupancyStatus { object.key("departure_occupancy_status"); object.value(departureOccupancyStatus.protobufName) }
            if let scheduleRelationship { object.key("schedule_relationship"); object.value(scheduleRelationship.protobufName) }
            if let stopTimeProperties { object.key("stop_time_properties"); stopTimeProperties.writeJSON(to: &object) }
            if let nyctStopTimeUpdate { object.key("nyct_stop_time_update"); nyctStopTimeUpdate.writeJSON(to: &object) }
        }
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let assignedStopId { object.key("assigned_stop_id"); object.value(assignedStopId) }
        }
    }
}
