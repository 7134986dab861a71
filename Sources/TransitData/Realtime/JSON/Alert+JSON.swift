// JSON output of the GTFS-realtime model with the `.proto` field names, as `trackside decode` prints it.

extension GTFSRealtime.Alert {
    /// Writes the message as a JSON object: `.proto` field names, enums by name, only the
    /// fields present on the wire, extensions under their extension names.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { object in
            if !activePeriods.isEmpty {
                object.key("active_period")
                object.array { array in for element in activePeriods { element.writeJSON(to: &array) } }
            }
            if !informedEntities.isEmpty {
                object.key("informed_entity")
                object.array { array in for element in informedEntities { element.writeJSON(to: &array) } }
            }
            if let cause { object.key("cause"); object.value(cause.protobufName) }
            if let effect { object.key("effect"); object.value(effect.protobufName) }
            if let url { object.key("url"); url.writeJSON(to: &object) }
            if let headerText { object.key("header_text"); headerText.writeJSON(to: &object) }
            if let descriptionText { object.key("description_text"); descriptionText.writeJSON(to: &object) }
            if let ttsHeaderText { object.key("tts_header_text"); ttsHeaderText.writeJSON(to: &object) }
            if let ttsDescriptionText { object.key("tts_description_text"); ttsDescriptionText.writeJSON(to: &object) }
            if let severityLevel { object.key("severity_level"); object.value(severityLevel.protobufName) }
            if let image { object.key("image"); image.writeJSON(to: &object) }
            if let imageAlternativeText { object.key("image_alternative_text"); imageAlternativeText.writeJSON(to: &object) }
            if let causeDetail { object.key("cause_detail"); causeDetail.writeJSON(to: &object) }
            if let effectDetail { object.key("effect_detail"); effectDetail.writeJSON(to: &object) }
            if let mercuryAlert { object.key("mercury_alert"); mercuryAlert.writeJSON(to: &object) }
        }
    }
}
