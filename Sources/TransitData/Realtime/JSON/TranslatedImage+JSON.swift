// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.TranslatedImage {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if !localizedImages.isEmpty {
                object.key("localized_image")
                object.array { array in for element in localizedImages { element.writeJSON(to: &array) } }
            }
        }
    }
}

extension GTFSRealtime.TranslatedImage.LocalizedImage {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            object.key("url"); object.value(url)
            object.key("media_type"); object.value(mediaType)
            if let language { object.key("language"); object.value(language) }
        }
    }
}
