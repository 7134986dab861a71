// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.TripModifications {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if !selectedTrips.isEmpty {
                object.key("selected_trips")
                object.array { array in for element in selectedTrips { element.writeJSON(to: &array) } }
            }
            if !startTimes.isEmpty {
                object.key("start_times")
                object.array { array in for element in startTimes { array.value(element) } }
            }
            if !serviceDates.isEmpty {
                object.key("service_dates")
                object.array { array in for element in serviceDates { array.value(element) } }
            }
            if !modifications.isEmpty {
                object.key("modifications")
                object.array { array in for element in modifications { element.writeJSON(to: &array) } }
            }
        }
    }
}

extension GTFSRealtime.TripModifications.Modification {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let startStopSelector { object.key("start_stop_selector"); startStopSelector.writeJSON(to: &object) }
            if let endStopSelector { object.key("end_stop_selector"); endStopSelector.writeJSON(to: &object) }
            if let propagatedModificationDelay { object.key("propagated_modification_delay"); object.value(propagatedModificationDelay) }
            if !replacementStops.isEmpty {
                object.key("replacement_stops")
                object.array { array in for element in replacementStops { element.writeJSON(to: &array) } }
            }
            if let serviceAlertId { object.key("service_alert_id"); object.value(serviceAlertId) }
            if let lastModifiedTime { object.key("last_modified_time"); object.value(lastModifiedTime) }
        }
    }
}

extension GTFSRealtime.TripModifications.SelectedTrips {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if !tripIds.isEmpty {
                object.key("trip_ids")
                object.array { array in for element in tripIds { array.value(element) } }
            }
            if let shapeId { object.key("shape_id"); object.value(shapeId) }
        }
    }
}

extension GTFSRealtime.StopSelector {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let stopSequence { object.key("stop_sequence"); object.value(stopSequence) }
            if let stopId { object.key("stop_id"); object.value(stopId) }
        }
    }
}

extension GTFSRealtime.ReplacementStop {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let travelTimeToStop { object.key("travel_time_to_stop"); object.value(travelTimeToStop) }
            if let stopId { object.key("stop_id"); object.value(stopId) }
        }
    }
}
