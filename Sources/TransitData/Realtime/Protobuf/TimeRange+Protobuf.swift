// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.TimeRange: ProtobufMessage {
    public static var protobufName: String { "TimeRange" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "start"
        case 2: "end"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var start: UInt64? = nil
        var end: UInt64? = nil
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                start = try reader.uint64(tag)
            case 2:
                end = try reader.uint64(tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            start: start,
            end: end
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(start, field: 1)
        writer.write(end, field: 2)
    }
}
