// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.FeedMessage {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("header"); header.writeJSON(to: &object)
            if !entities.isEmpty {
                object.key("entity")
                object.array { array in for element in entities { element.writeJSON(to: &array) } }
            }
        }
    }
}
