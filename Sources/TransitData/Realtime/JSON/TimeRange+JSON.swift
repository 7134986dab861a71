// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.TimeRange {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if let start { object.key("start"); object.value(start) }
            if let end { object.key("end"); object.value(end) }
        }
    }
}
