// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.EntitySelector {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let agencyId { object.key("agency_id"); object.value(agencyId) }
            if let routeId { object.key("route_id"); object.value(routeId) }
            if let routeType { object.key("route_type"); object.value(routeType) }
            if let trip { object.key("trip"); trip.writeJSON(to: &object) }
            if let stopId { object.key("stop_id"); object.value(stopId) }
            if let directionId { object.key("direction_id"); object.value(directionId) }
            if let mercuryEntitySelector { object.key("mercury_entity_selector"); mercuryEntitySelector.writeJSON(to: &object) }
        }
    }
}
