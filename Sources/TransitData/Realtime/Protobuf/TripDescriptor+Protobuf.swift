// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.TripDescriptor: ProtobufMessage {
    public static var protobufName: String { "TripDescriptor" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "trip_id"
        case 5: "route_id"
        case 6: "direction_id"
        case 2: "start_time"
        case 3: "start_date"
        case 4: "schedule_relationship"
        case 7: "modified_trip"
        case 1001: "nyct_trip_descriptor"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var tripId: String? = nil
        var routeId: String? = nil
        var directionId: UInt32? = nil
        var startTime: String? = nil
        var startDate: String? = nil
        var scheduleRelationship: GTFSRealtime.TripDescriptor.ScheduleRelationship? = nil
        var modifiedTrip = ProtobufOccurrences()
        var nyctTripDescriptor = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                tripId = try reader.string(tag)
            case 5:
                routeId = try reader.string(tag)
            case 6:
                directionId = try reader.uint32(tag)
            case 2:
                startTime = try reader.string(tag)
            case 3:
                startDate = try reader.string(tag)
            case 4:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.TripDescriptor.ScheduleRelationship.self) { scheduleRelationship = value }
            case 7:
                modifiedTrip.record(try reader.embeddedBytes(tag), of: tag)
            case 1001 where reader.extensions.contains(GTFSRealtime.NyctTripDescriptor.self, extending: Self.self, number: 1001):
                nyctTripDescriptor.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            tripId: tripId,
            routeId: routeId,
            directionId: directionId,
            startTime: startTime,
            startDate: startDate,
            scheduleRelationship: scheduleRelationship,
            modifiedTrip: try reader.message(modifiedTrip, as: GTFSRealtime.TripDescriptor.ModifiedTripSelector.self),
            nyctTripDescriptor: try reader.message(nyctTripDescriptor, as: GTFSRealtime.NyctTripDescriptor.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(tripId, field: 1)
        writer.write(startTime, field: 2)
        writer.write(startDate, field: 3)
        writer.write(scheduleRelationship, field: 4)
        writer.write(routeId, field: 5)
        writer.write(directionId, field: 6)
        writer.write(modifiedTrip, field: 7)
        writer.write(nyctTripDescriptor, field: 1001)
    }
}

extension GTFSRealtime.TripDescriptor.ModifiedTripSelector: ProtobufMessage {
    public static var protobufName: String { "ModifiedTripSelector" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "modifications_id"
        case 2: "affected_trip_id"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var modificationsId: String? = nil
        var affectedTripId: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                modificationsId = try reader.string(tag)
            case 2:
                affectedTripId = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            modificationsId: modificationsId,
            affectedTripId: affectedTripId
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(modificationsId, field: 1)
        writer.write(affectedTripId, field: 2)
    }
}
