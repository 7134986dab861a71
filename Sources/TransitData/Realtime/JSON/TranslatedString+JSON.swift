// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.TranslatedString {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if !translations.isEmpty {
                object.key("translation")
                object.array { array in for element in translations { element.writeJSON(to: &array) } }
            }
        }
    }
}

extension GTFSRealtime.TranslatedString.Translation {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("text"); object.value(text)
            if let language { object.key("language"); object.value(language) }
        }
    }
}
