// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.Position: ProtobufMessage {
    public static var protobufName: String { "Position" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "latitude"
        case 2: "longitude"
        case 3: "bearing"
        case 4: "odometer"
        case 5: "speed"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var latitude: Float? = nil
        var longitude: Float? = nil
        var bearing: Float? = nil
        var odometer: Double? = nil
        var speed: Float? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                latitude = try reader.float(tag)
            case 2:
                longitude = try reader.float(tag)
            case 3:
                bearing = try reader.float(tag)
            case 4:
                odometer = try reader.double(tag)
            case 5:
                speed = try reader.float(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            latitude: try reader.required(latitude, 1, of: Self.self),
            longitude: try reader.required(longitude, 2, of: Self.self),
            bearing: bearing,
            odometer: odometer,
            speed: speed
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(latitude, field: 1)
        writer.write(longitude, field: 2)
        writer.write(bearing, field: 3)
        writer.write(odometer, field: 4)
        writer.write(speed, field: 5)
    }
}
