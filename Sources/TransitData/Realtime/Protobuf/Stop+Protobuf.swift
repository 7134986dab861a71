// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.Stop: ProtobufMessage {
    public static var protobufName: String { "Stop" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "stop_id"
        case 2: "stop_code"
        case 3: "stop_name"
        case 4: "tts_stop_name"
        case 5: "stop_desc"
        case 6: "stop_lat"
        case 7: "stop_lon"
        case 8: "zone_id"
        case 9: "stop_url"
        case 11: "parent_station"
        case 12: "stop_timezone"
        case 13: "wheelchair_boarding"
        case 14: "level_id"
        case 15: "platform_code"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var stopId: String? = nil
        var stopCode = ProtobufOccurrences()
        var stopName = ProtobufOccurrences()
        var ttsStopName = ProtobufOccurrences()
        var stopDesc = ProtobufOccurrences()
        var stopLat: Float? = nil
        var stopLon: Float? = nil
        var zoneId: String? = nil
        var stopURL = ProtobufOccurrences()
        var parentStation: String? = nil
        var stopTimezone: String? = nil
        var wheelchairBoarding: GTFSRealtime.Stop.WheelchairBoarding? = nil
        var levelId: String? = nil
        var platformCode = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                stopId = try reader.string(tag)
            case 2:
                stopCode.record(try reader.embeddedBytes(tag), of: tag)
            case 3:
                stopName.record(try reader.embeddedBytes(tag), of: tag)
            case 4:
                ttsStopName.record(try reader.embeddedBytes(tag), of: tag)
            case 5:
                stopDesc.record(try reader.embeddedBytes(tag), of: tag)
            case 6:
                stopLat = try reader.float(tag)
            case 7:
                stopLon = try reader.float(tag)
            case 8:
                zoneId = try reader.string(tag)
            case 9:
                stopURL.record(try reader.embeddedBytes(tag), of: tag)
            case 11:
                parentStation = try reader.string(tag)
            case 12:
                stopTimezone = try reader.string(tag)
            case 13:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.Stop.WheelchairBoarding.self) { wheelchairBoarding = value }
            case 14:
                levelId = try reader.string(tag)
            case 15:
                platformCode.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            stopId: stopId,
            stopCode: try reader.message(stopCode, as: GTFSRealtime.TranslatedString.self),
            stopName: try reader.message(stopName, as: GTFSRealtime.TranslatedString.self),
            ttsStopName: try reader.message(ttsStopName, as: GTFSRealtime.TranslatedString.self),
            stopDesc: try reader.message(stopDesc, as: GTFSRealtime.TranslatedString.self),
            stopLat: stopLat,
            stopLon: stopLon,
            zoneId: zoneId,
            stopURL: try reader.message(stopURL, as: GTFSRealtime.TranslatedString.self),
            parentStation: parentStation,
            stopTimezone: stopTimezone,
            wheelchairBoarding: wheelchairBoarding,
            levelId: levelId,
            platformCode: try reader.message(platformCode, as: GTFSRealtime.TranslatedString.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(stopId, field: 1)
        writer.write(stopCode, field: 2)
        writer.write(stopName, field: 3)
        writer.write(ttsStopName, field: 4)
        writer.write(stopDesc, field: 5)
        writer.write(stopLat, field: 6)
        writer.write(stopLon, field: 7)
        writer.write(zoneId, field: 8)
        writer.write(stopURL, field: 9)
        writer.write(parentStation, field: 11)
        writer.write(stopTimezone, field: 12)
        writer.write(wheelchairBoarding, field: 13)
        writer.write(levelId, field: 14)
        writer.write(platformCode, field: 15)
    }
}
