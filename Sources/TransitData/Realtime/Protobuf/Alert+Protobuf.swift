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
        var url = ProtobufOccurrences()
        var headerText = ProtobufOccurrences()
        var descriptionText = ProtobufOccurrences()
        var ttsHeaderText = ProtobufOccurrences()
        var ttsDescriptionText = ProtobufOccurrences()
        var severityLevel: GTFSRealtime.Alert.SeverityLevel? = nil
        var image = ProtobufOccurrences()
        var imageAlternativeText = ProtobufOccurrences()
        var causeDetail = ProtobufOccurrences()
        var effectDetail = ProtobufOccurrences()
        var mercuryAlert = ProtobufOccurrences()
        activePeriods.reserveCapacity(reader.count(ofField: 1))
        informedEntities.reserveCapacity(reader.count(ofField: 5))
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
                url.record(try reader.embeddedBytes(tag), of: tag)
            case 10:
                headerText.record(try reader.embeddedBytes(tag), of: tag)
            case 11:
                descriptionText.record(try reader.embeddedBytes(tag), of: tag)
            case 12:
                ttsHeaderText.record(try reader.embeddedBytes(tag), of: tag)
            case 13:
                ttsDescriptionText.record(try reader.embeddedBytes(tag), of: tag)
            case 14:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.Alert.SeverityLevel.self) { severityLevel = value }
            case 15:
                image.record(try reader.embeddedBytes(tag), of: tag)
            case 16:
                imageAlternativeText.record(try reader.embeddedBytes(tag), of: tag)
            case 17:
                causeDetail.record(try reader.embeddedBytes(tag), of: tag)
            case 18:
                effectDetail.record(try reader.embeddedBytes(tag), of: tag)
            case 1001 where reader.extensions.contains(GTFSRealtime.MercuryAlert.self, extending: Self.self, number: 1001):
                mercuryAlert.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            activePeriods: activePeriods,
            informedEntities: informedEntities,
            cause: cause,
            effect: effect,
            url: try reader.message(url, as: GTFSRealtime.TranslatedString.self),
            headerText: try reader.message(headerText, as: GTFSRealtime.TranslatedString.self),
            descriptionText: try reader.message(descriptionText, as: GTFSRealtime.TranslatedString.self),
            ttsHeaderText: try reader.message(ttsHeaderText, as: GTFSRealtime.TranslatedString.self),
            ttsDescriptionText: try reader.message(ttsDescriptionText, as: GTFSRealtime.TranslatedString.self),
            severityLevel: severityLevel,
            image: try reader.message(image, as: GTFSRealtime.TranslatedImage.self),
            imageAlternativeText: try reader.message(imageAlternativeText, as: GTFSRealtime.TranslatedString.self),
            causeDetail: try reader.message(causeDetail, as: GTFSRealtime.TranslatedString.self),
            effectDetail: try reader.message(effectDetail, as: GTFSRealtime.TranslatedString.self),
            mercuryAlert: try reader.message(mercuryAlert, as: GTFSRealtime.MercuryAlert.self)
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
