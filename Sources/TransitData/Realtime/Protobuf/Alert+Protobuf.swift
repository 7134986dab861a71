// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.Alert: ProtobufMessage {
    public static var protobufName: String { "Alert" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "active_period"
        case 5: "informed_entity"
        case 6: "cause"
        case 7: "effect"
        case 8: "url"
        case 10: "header_text"
        case 11: "description_text"
        case 12: "tts_header_text"
        case 13: "tts_description_text"
        case 14: "severity_level"
        case 15: "image"
        case 16: "image_alternative_text"
        case 17: "cause_detail"
        case 18: "effect_detail"
        case 1001: "mercury_alert"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var activePeriods: [GTFSRealtime.TimeRange] = []
        var informedEntities: [GTFSRealtime.EntitySelector] = []
        var cause: GTFSRealtime.Alert.Cause? = nil
        var effect: GTFSRealtime.Alert.Effect? = nil
        var url: GTFSRealtime.TranslatedString? = nil
        var headerText: GTFSRealtime.TranslatedString? = nil
        var descriptionText: GTFSRealtime.TranslatedString? = nil
        var ttsHeaderText: GTFSRealtime.TranslatedString? = nil
        var ttsDescriptionText: GTFSRealtime.TranslatedString? = nil
        var severityLevel: GTFSRealtime.Alert.SeverityLevel? = nil
        var image: GTFSRealtime.TranslatedImage? = nil
        var imageAlternativeText: GTFSRealtime.TranslatedString? = nil
        var causeDetail: GTFSRealtime.TranslatedString? = nil
        var effectDetail: GTFSRealtime.TranslatedString? = nil
        var mercuryAlert: GTFSRealtime.MercuryAlert? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                activePeriods.append(try reader.message(tag, as: GTFSRealtime.TimeRange.self))
            case 5:
                informedEntities.append(try reader.message(tag, as: GTFSRealtime.EntitySelector.self))
            case 6:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.Alert.Cause.self) { cause = value }
            case 7:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.Alert.Effect.self) { effect = value }
            case 8:
                url = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 10:
                headerText = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 11:
                descriptionText = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 12:
                ttsHeaderText = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 13:
                ttsDescriptionText = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 14:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.Alert.SeverityLevel.self) { severityLevel = value }
            case 15:
                image = try reader.message(tag, as: GTFSRealtime.TranslatedImage.self)
            case 16:
                imageAlternativeText = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 17:
                causeDetail = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 18:
                effectDetail = try reader.message(tag, as: GTFSRealtime.TranslatedString.self)
            case 1001 where reader.extensions.contains(GTFSRealtime.MercuryAlert.self, extending: Self.self, number: 1001):
                mercuryAlert = try reader.message(tag, as: GTFSRealtime.MercuryAlert.self)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            activePeriods: activePeriods,
            informedEntities: informedEntities,
            cause: cause,
            effect: effect,
            url: url,
            headerText: headerText,
            descriptionText: descriptionText,
            ttsHeaderText: ttsHeaderText,
            ttsDescriptionText: ttsDescriptionText,
            severityLevel: severityLevel,
            image: image,
            imageAlternativeText: imageAlternativeText,
            causeDetail: causeDetail,
            effectDetail: effectDetail,
            mercuryAlert: mercuryAlert
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(activePeriods, field: 1)
        writer.write(informedEntities, field: 5)
        writer.write(cause, field: 6)
        writer.write(effect, field: 7)
        writer.write(url, field: 8)
        writer.write(headerText, field: 10)
        writer.write(descriptionText, field: 11)
        writer.write(ttsHeaderText, field: 12)
        writer.write(ttsDescriptionText, field: 13)
        writer.write(severityLevel, field: 14)
        writer.write(image, field: 15)
        writer.write(imageAlternativeText, field: 16)
        writer.write(causeDetail, field: 17)
        writer.write(effectDetail, field: 18)
        writer.write(mercuryAlert, field: 1001)
    }
}
