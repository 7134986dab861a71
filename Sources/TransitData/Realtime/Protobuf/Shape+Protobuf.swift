// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.Shape: ProtobufMessage {
    public static var protobufName: String { "Shape" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "shape_id"
        case 2: "encoded_polyline"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var shapeId: String? = nil
        var encodedPolyline: String? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                shapeId = try reader.string(tag)
            case 2:
                encodedPolyline = try reader.string(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            shapeId: shapeId,
            encodedPolyline: encodedPolyline
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(shapeId, field: 1)
        writer.write(encodedPolyline, field: 2)
    }
}
