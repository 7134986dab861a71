// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.NyctFeedHeader: ProtobufMessage {
    public static var protobufName: String { "NyctFeedHeader" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "nyct_subway_version"
        case 2: "trip_replacement_period"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var nyctSubwayVersion: String? = nil
        var tripReplacementPeriods: [GTFSRealtime.TripReplacementPeriod] = []
        tripReplacementPeriods.reserveCapacity(reader.count(ofField: 2))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                nyctSubwayVersion = try reader.string(tag)
            case 2:
                tripReplacementPeriods.append(try reader.message(tag, as: GTFSRealtime.TripReplacementPeriod.self))
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            nyctSubwayVersion: try reader.required(nyctSubwayVersion, 1, of: Self.self),
            tripReplacementPeriods: tripReplacementPeriods
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(nyctSubwayVersion, field: 1)
        writer.write(tripReplacementPeriods, field: 2)
    }
}

extension GTFSRealtime.TripReplacementPeriod: ProtobufMessage {
    public static var protobufName: String { "TripReplacementPeriod" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "route_id"
        case 2: "replacement_period"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var routeId: String? = nil
        var replacementPeriod = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                routeId = try reader.string(tag)
            case 2:
                replacementPeriod.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            routeId: routeId,
            replacementPeriod: try reader.message(replacementPeriod, as: GTFSRealtime.TimeRange.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(routeId, field: 1)
        writer.write(replacementPeriod, field: 2)
    }
}

extension GTFSRealtime.NyctTripDescriptor: ProtobufMessage {
    public static var protobufName: String { "NyctTripDescriptor" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "train_id"
        case 2: "is_assigned"
        case 3: "direction"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var trainId: String? = nil
        var isAssigned: Bool? = nil
        var direction: GTFSRealtime.NyctTripDescriptor.Direction? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                trainId = try reader.string(tag)
            case 2:
                isAssigned = try reader.bool(tag)
            case 3:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.NyctTripDescriptor.Direction.self) { direction = value }
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            trainId: trainId,
            isAssigned: isAssigned,
            direction: direction
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(trainId, field: 1)
        writer.write(isAssigned, field: 2)
        writer.write(direction, field: 3)
    }
}

extension GTFSRealtime.NyctStopTimeUpdate: ProtobufMessage {
    public static var protobufName: String { "NyctStopTimeUpdate" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "scheduled_track"
        case 2: "actual_track"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var scheduledTrack: String? = nil
        var actualTrack: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                scheduledTrack = try reader.string(tag)
            case 2:
                actualTrack = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            scheduledTrack: scheduledTrack,
            actualTrack: actualTrack
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(scheduledTrack, field: 1)
        writer.write(actualTrack, field: 2)
    }
}
