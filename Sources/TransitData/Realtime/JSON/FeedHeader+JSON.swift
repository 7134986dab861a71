// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.FeedHeader {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("gtfs_realtime_version"); object.value(gtfsRealtimeVersion)
            if let incrementality { object.key("incrementality"); object.value(incrementality.protobufName) }
            if let timestamp { object.key("timestamp"); object.value(timestamp) }
            if let nyctFeedHeader { object.key("nyct_feed_header"); nyctFeedHeader.writeJSON(to: &object) }
            if let mercuryFeedHeader { object.key("mercury_feed_header"); mercuryFeedHeader.writeJSON(to: &object) }
        }
    }
}
