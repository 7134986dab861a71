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
        var tripUpdate: GTFSRealtime.TripUpdate? = nil
        var vehicle: GTFSRealtime.VehiclePosition? = nil
        var alert: GTFSRealtime.Alert? = nil
        var shape: GTFSRealtime.Shape? = nil
        var stop: GTFSRealtime.Stop? = nil
        var tripModifications: GTFSRealtime.TripModifications? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                id = try reader.string(tag)
            case 2:
                isDeleted = try reader.bool(tag)
            case 3:
                tripUpdate = try reader.message(tag, as: GTFSRealtime.TripUpdate.self)
            case 4:
                vehicle = try reader.message(tag, as: GTFSRealtime.VehiclePosition.self)
            case 5:
                alert = try reader.message(tag, as: GTFSRealtime.Alert.self)
            case 6:
                shape = try reader.message(tag, as: GTFSRealtime.Shape.self)
            case 7:
                stop = try reader.message(tag, as: GTFSRealtime.Stop.self)
            case 8:
                tripModifications = try reader.message(tag, as: GTFSRealtime.TripModifications.self)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            id: try reader.required(id, 1, of: Self.self),
            isDeleted: isDeleted,
            tripUpdate: tripUpdate,
            vehicle: vehicle,
            alert: alert,
            shape: shape,
            stop: stop,
            tripModifications: tripModifications
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
