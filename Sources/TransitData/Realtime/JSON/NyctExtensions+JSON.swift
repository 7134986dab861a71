// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.NyctFeedHeader {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("nyct_subway_version"); object.value(nyctSubwayVersion)
            if !tripReplacementPeriods.isEmpty {
                object.key("trip_replacement_period")
                object.array { array in for element in tripReplacementPeriods { element.writeJSON(to: &array) } }
            }
        }
    }
}

extension GTFSRealtime.TripReplacementPeriod {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let routeId { object.key("route_id"); object.value(routeId) }
            if let replacementPeriod { object.key("replacement_period"); replacementPeriod.writeJSON(to: &object) }
        }
    }
}

extension GTFSRealtime.NyctTripDescriptor {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let trainId { object.key("train_id"); object.value(trainId) }
            if let isAssigned { object.key("is_assigned"); object.value(isAssigned) }
            if let direction { object.key("direction"); object.value(direction.protobufName) }
        }
    }
}

extension GTFSRealtime.NyctStopTimeUpdate {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let scheduledTrack { object.key("scheduled_track"); object.value(scheduledTrack) }
            if let actualTrack { object.key("actual_track"); object.value(actualTrack) }
        }
    }
}
