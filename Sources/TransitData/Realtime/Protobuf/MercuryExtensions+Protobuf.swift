// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.MercuryFeedHeader: ProtobufMessage {
    public static var protobufName: String { "MercuryFeedHeader" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "mercury_version"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var mercuryVersion: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                mercuryVersion = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            mercuryVersion: try reader.required(mercuryVersion, 1, of: Self.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(mercuryVersion, field: 1)
    }
}

extension GTFSRealtime.MercuryStationAlternative: ProtobufMessage {
    public static var protobufName: String { "MercuryStationAlternative" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "affected_entity"
        case 2: "notes"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var affectedEntity = ProtobufOccurrences()
        var notes = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                affectedEntity.record(try reader.embeddedBytes(tag), of: tag)
            case 2:
                notes.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            affectedEntity: try reader.required(try reader.message(affectedEntity, as: GTFSRealtime.EntitySelector.self), 1, of: Self.self),
            notes: try reader.required(try reader.message(notes, as: GTFSRealtime.TranslatedString.self), 2, of: Self.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(affectedEntity, field: 1)
        writer.write(notes, field: 2)
    }
}

extension GTFSRealtime.MercuryAlert: ProtobufMessage {
    public static var protobufName: String { "MercuryAlert" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "created_at"
        case 2: "updated_at"
        case 3: "alert_type"
        case 4: "station_alternative"
        case 5: "service_plan_number"
        case 6: "general_order_number"
        case 7: "display_before_active"
        case 8: "human_readable_active_period"
        case 9: "directionality"
        case 10: "affected_stations"
        case 11: "screens_summary"
        case 12: "no_affected_stations"
        case 13: "clone_id"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var createdAt: UInt64? = nil
        var updatedAt: UInt64? = nil
        var alertType: String? = nil
        var stationAlternatives: [GTFSRealtime.MercuryStationAlternative] = []
        var servicePlanNumbers: [String] = []
        var generalOrderNumbers: [String] = []
        var displayBeforeActive: UInt64? = nil
        var humanReadableActivePeriod = ProtobufOccurrences()
        var directionality: UInt64? = nil
        var affectedStations: [GTFSRealtime.EntitySelector] = []
        var screensSummary = ProtobufOccurrences()
        var noAffectedStations: Bool? = nil
        var cloneId: String? = nil
        stationAlternatives.reserveCapacity(reader.count(ofField: 4))
        affectedStations.reserveCapacity(reader.count(ofField: 10))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                createdAt = try reader.uint64(tag)
            case 2:
                updatedAt = try reader.uint64(tag)
            case 3:
                alertType = try reader.string(tag)
            case 4:
                stationAlternatives.append(try reader.message(tag, as: GTFSRealtime.MercuryStationAlternative.self))
            case 5:
                servicePlanNumbers.append(try reader.string(tag))
            case 6:
                generalOrderNumbers.append(try reader.string(tag))
            case 7:
                displayBeforeActive = try reader.uint64(tag)
            case 8:
                humanReadableActivePeriod.record(try reader.embeddedBytes(tag), of: tag)
            case 9:
                directionality = try reader.uint64(tag)
            case 10:
                affectedStations.append(try reader.message(tag, as: GTFSRealtime.EntitySelector.self))
            case 11:
                screensSummary.record(try reader.embeddedBytes(tag), of: tag)
            case 12:
                noAffectedStations = try reader.bool(tag)
            case 13:
                cloneId = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            createdAt: try reader.required(createdAt, 1, of: Self.self),
            updatedAt: try reader.required(updatedAt, 2, of: Self.self),
            alertType: try reader.required(alertType, 3, of: Self.self),
            stationAlternatives: stationAlternatives,
            servicePlanNumbers: servicePlanNumbers,
            generalOrderNumbers: generalOrderNumbers,
            displayBeforeActive: displayBeforeActive,
            humanReadableActivePeriod: try reader.message(humanReadableActivePeriod, as: GTFSRealtime.TranslatedString.self),
            directionality: directionality,
            affectedStations: affectedStations,
            screensSummary: try reader.message(screensSummary, as: GTFSRealtime.TranslatedString.self),
            noAffectedStations: noAffectedStations,
            cloneId: cloneId
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(createdAt, field: 1)
        writer.write(updatedAt, field: 2)
        writer.write(alertType, field: 3)
        writer.write(stationAlternatives, field: 4)
        writer.write(servicePlanNumbers, field: 5)
        writer.write(generalOrderNumbers, field: 6)
        writer.write(displayBeforeActive, field: 7)
        writer.write(humanReadableActivePeriod, field: 8)
        writer.write(directionality, field: 9)
        writer.write(affectedStations, field: 10)
        writer.write(screensSummary, field: 11)
        writer.write(noAffectedStations, field: 12)
        writer.write(cloneId, field: 13)
    }
}

extension GTFSRealtime.MercuryEntitySelector: ProtobufMessage {
    public static var protobufName: String { "MercuryEntitySelector" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "sort_order"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var sortOrder: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                sortOrder = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            sortOrder: try reader.required(sortOrder, 1, of: Self.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(sortOrder, field: 1)
    }
}
