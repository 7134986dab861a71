// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.MercuryFeedHeader {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("mercury_version"); object.value(mercuryVersion)
        }
    }
}

extension GTFSRealtime.MercuryStationAlternative {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("affected_entity"); affectedEntity.writeJSON(to: &object)
            object.key("notes"); notes.writeJSON(to: &object)
        }
    }
}

extension GTFSRealtime.MercuryAlert {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("created_at"); object.value(createdAt)
            object.key("updated_at"); object.value(updatedAt)
            object.key("alert_type"); object.value(alertType)
            if !stationAlternatives.isEmpty {
                object.key("station_alternative")
                object.array { array in for element in stationAlternatives { element.writeJSON(to: &array) } }
            }
            if !servicePlanNumbers.isEmpty {
                object.key("service_plan_number")
                object.array { array in for element in servicePlanNumbers { array.value(element) } }
            }
            if !generalOrderNumbers.isEmpty {
                object.key("general_order_number")
                object.array { array in for element in generalOrderNumbers { array.value(element) } }
            }
            if let displayBeforeActive { object.key("display_before_active"); object.value(displayBeforeActive) }
            if let humanReadableActivePeriod { object.key("human_readable_active_period"); humanReadableActivePeriod.writeJSON(to: &object) }
            if let directionality { object.key("directionality"); object.value(directionality) }
            if !affectedStations.isEmpty {
                object.key("affected_stations")
                object.array { array in for element in affectedStations { element.writeJSON(to: &array) } }
            }
            if let screensSummary { object.key("screens_summary"); screensSummary.writeJSON(to: &object) }
            if let noAffectedStations { object.key("no_affected_stations"); object.value(noAffectedStations) }
            if let cloneId { object.key("clone_id"); object.value(cloneId) }
        }
    }
}

extension GTFSRealtime.MercuryEntitySelector {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("sort_order"); object.value(sortOrder)
        }
    }
}
