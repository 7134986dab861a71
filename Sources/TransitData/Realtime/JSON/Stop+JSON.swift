// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.Stop {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let stopId { object.key("stop_id"); object.value(stopId) }
            if let stopCode { object.key("stop_code"); stopCode.writeJSON(to: &object) }
            if let stopName { object.key("stop_name"); stopName.writeJSON(to: &object) }
            if let ttsStopName { object.key("tts_stop_name"); ttsStopName.writeJSON(to: &object) }
            if let stopDesc { object.key("stop_desc"); stopDesc.writeJSON(to: &object) }
            if let stopLat { object.key("stop_lat"); object.protobufValue(stopLat) }
            if let stopLon { object.key("stop_lon"); object.protobufValue(stopLon) }
            if let zoneId { object.key("zone_id"); object.value(zoneId) }
            if let stopURL { object.key("stop_url"); stopURL.writeJSON(to: &object) }
            if let parentStation { object.key("parent_station"); object.value(parentStation) }
            if let stopTimezone { object.key("stop_timezone"); object.value(stopTimezone) }
            if let wheelchairBoarding { object.key("wheelchair_boarding"); object.value(wheelchairBoarding.protobufName) }
            if let levelId { object.key("level_id"); object.value(levelId) }
            if let platformCode { object.key("platform_code"); platformCode.writeJSON(to: &object) }
        }
    }
}
