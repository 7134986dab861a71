// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.TripUpdate.StopTimeEvent: ProtobufMessage {
    public static var protobufName: String { "StopTimeEvent" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "delay"
        case 2: "time"
        case 3: "uncertainty"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var delay: Int32? = nil
        var time: Int64? = nil
        var uncertainty: Int32? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                delay = try reader.int32(tag)
            case 2:
                time = try reader.int64(tag)
            case 3:
                uncertainty = try reader.int32(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            delay: delay,
            time: time,
            uncertainty: uncertainty
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(delay, field: 1)
        writer.write(time, field: 2)
        writer.write(uncertainty, field: 3)
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate: ProtobufMessage {
    public static var protobufName: String { "StopTimeUpdate" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "stop_sequence"
        case 4: "stop_id"
        case 2: "arrival"
        case 3: "departure"
        case 7: "departure_occupancy_status"
        case 5: "schedule_relationship"
        case 6: "stop_time_properties"
        case 1001: "nyct_stop_time_update"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var stopSequence: UInt32? = nil
        var stopId: String? = nil
        var arrival = ProtobufOccurrences()
        var departure = ProtobufOccurrences()
        var departureOccupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus? = nil
        var scheduleRelationship: GTFSRealtime.TripUpdate.StopTimeUpdate.ScheduleRelationship? = nil
        var stopTimeProperties = ProtobufOccurrences()
        var nyctStopTimeUpdate = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                stopSequence = try reader.uint32(tag)
            case 4:
                stopId = try reader.string(tag)
            case 2:
                arrival.record(try reader.embeddedBytes(tag), of: tag)
            case 3:
                departure.record(try reader.embeddedBytes(tag), of: tag)
            case 7:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.VehiclePosition.OccupancyStatus.self) { departureOccupancyStatus = value }
            case 5:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.TripUpdate.StopTimeUpdate.ScheduleRelationship.self) { scheduleRelationship = value }
            case 6:
                stopTimeProperties.record(try reader.embeddedBytes(tag), of: tag)
            case 1001 where reader.extensions.contains(GTFSRealtime.NyctStopTimeUpdate.self, extending: Self.self, number: 1001):
                nyctStopTimeUpdate.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            stopSequence: stopSequence,
            stopId: stopId,
            arrival: try reader.message(arrival, as: GTFSRealtime.TripUpdate.StopTimeEvent.self),
            departure: try reader.message(departure, as: GTFSRealtime.TripUpdate.StopTimeEvent.self),
            departureOccupancyStatus: departureOccupancyStatus,
            scheduleRelationship: scheduleRelationship,
            stopTimeProperties: try reader.message(stopTimeProperties, as: GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties.self),
            nyctStopTimeUpdate: try reader.message(nyctStopTimeUpdate, as: GTFSRealtime.NyctStopTimeUpdate.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(stopSequence, field: 1)
        writer.write(arrival, field: 2)
        writer.write(departure, field: 3)
        writer.write(stopId, field: 4)
        writer.write(scheduleRelationship, field: 5)
        writer.write(stopTimeProperties, field: 6)
        writer.write(departureOccupancyStatus, field: 7)
        writer.write(nyctStopTimeUpdate, field: 1001)
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties: ProtobufMessage {
    public static var protobufName: String { "StopTimeProperties" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "assigned_stop_id"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var assignedStopId: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                assignedStopId = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            assignedStopId: assignedStopId
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(assignedStopId, field: 1)
    }
}
