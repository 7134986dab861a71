// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.FeedEntity: ProtobufMessage {
    public static var protobufName: String { "FeedEntity" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "id"
        case 2: "is_deleted"
        case 3: "trip_update"
        case 4: "vehicle"
        case 5: "alert"
        case 6: "shape"
        case 7: "stop"
        case 8: "trip_modifications"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var id: String? = nil
        var isDeleted: Bool? = nil
        var tripUpdate = ProtobufOccurrences()
        var vehicle = ProtobufOccurrences()
        var alert = ProtobufOccurrences()
        var shape = ProtobufOccurrences()
        var stop = ProtobufOccurrences()
        var tripModifications = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                id = try reader.string(tag)
            case 2:
                isDeleted = try reader.bool(tag)
            case 3:
                tripUpdate.record(try reader.embeddedBytes(tag), of: tag)
            case 4:
                vehicle.record(try reader.embeddedBytes(tag), of: tag)
            case 5:
                alert.record(try reader.embeddedBytes(tag), of: tag)
            case 6:
                shape.record(try reader.embeddedBytes(tag), of: tag)
            case 7:
                stop.record(try reader.embeddedBytes(tag), of: tag)
            case 8:
                tripModifications.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            id: try reader.required(id, 1, of: Self.self),
            isDeleted: isDeleted,
            tripUpdate: try reader.message(tripUpdate, as: GTFSRealtime.TripUpdate.self),
            vehicle: try reader.message(vehicle, as: GTFSRealtime.VehiclePosition.self),
            alert: try reader.message(alert, as: GTFSRealtime.Alert.self),
            shape: try reader.message(shape, as: GTFSRealtime.Shape.self),
            stop: try reader.message(stop, as: GTFSRealtime.Stop.self),
            tripModifications: try reader.message(tripModifications, as: GTFSRealtime.TripModifications.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(id, field: 1)
        writer.write(isDeleted, field: 2)
        writer.write(tripUpdate, field: 3)
        writer.write(vehicle, field: 4)
        writer.write(alert, field: 5)
        writer.write(shape, field: 6)
        writer.write(stop, field: 7)
        writer.write(tripModifications, field: 8)
    }
}
