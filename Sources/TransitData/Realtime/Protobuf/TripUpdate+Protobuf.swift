// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.TripUpdate: ProtobufMessage {
    public static var protobufName: String { "TripUpdate" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "trip"
        case 3: "vehicle"
        case 2: "stop_time_update"
        case 4: "timestamp"
        case 5: "delay"
        case 6: "trip_properties"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var trip = ProtobufOccurrences()
        var vehicle = ProtobufOccurrences()
        var stopTimeUpdates: [GTFSRealtime.TripUpdate.StopTimeUpdate] = []
        var timestamp: UInt64? = nil
        var delay: Int32? = nil
        var tripProperties = ProtobufOccurrences()
        stopTimeUpdates.reserveCapacity(reader.count(ofField: 2))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                trip.record(try reader.embeddedBytes(tag), of: tag)
            case 3:
                vehicle.record(try reader.embeddedBytes(tag), of: tag)
            case 2:
                stopTimeUpdates.append(try reader.message(tag, as: GTFSRealtime.TripUpdate.StopTimeUpdate.self))
            case 4:
                timestamp = try reader.uint64(tag)
            case 5:
                delay = try reader.int32(tag)
            case 6:
                tripProperties.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            trip: try reader.required(try reader.message(trip, as: GTFSRealtime.TripDescriptor.self), 1, of: Self.self),
            vehicle: try reader.message(vehicle, as: GTFSRealtime.VehicleDescriptor.self),
            stopTimeUpdates: stopTimeUpdates,
            timestamp: timestamp,
            delay: delay,
            tripProperties: try reader.message(tripProperties, as: GTFSRealtime.TripUpdate.TripProperties.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(trip, field: 1)
        writer.write(stopTimeUpdates, field: 2)
        writer.write(vehicle, field: 3)
        writer.write(timestamp, field: 4)
        writer.write(delay, field: 5)
        writer.write(tripProperties, field: 6)
    }
}

extension GTFSRealtime.TripUpdate.TripProperties: ProtobufMessage {
    public static var protobufName: String { "TripProperties" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "trip_id"
        case 2: "start_date"
        case 3: "start_time"
        case 4: "shape_id"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var tripId: String? = nil
        var startDate: String? = nil
        var startTime: String? = nil
        var shapeId: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                tripId = try reader.string(tag)
            case 2:
                startDate = try reader.string(tag)
            case 3:
                startTime = try reader.string(tag)
            case 4:
                shapeId = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            tripId: tripId,
            startDate: startDate,
            startTime: startTime,
            shapeId: shapeId
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(tripId, field: 1)
        writer.write(startDate, field: 2)
        writer.write(startTime, field: 3)
        writer.write(shapeId, field: 4)
    }
}
