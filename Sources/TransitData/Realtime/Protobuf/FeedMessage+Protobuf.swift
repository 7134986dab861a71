// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.FeedMessage: ProtobufMessage {
    public static var protobufName: String { "FeedMessage" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "header"
        case 2: "entity"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var header = ProtobufOccurrences()
        var entities: [GTFSRealtime.FeedEntity] = []
        entities.reserveCapacity(reader.count(ofField: 2))
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                header.record(try reader.embeddedBytes(tag), of: tag)
            case 2:
                entities.append(try reader.message(tag, as: GTFSRealtime.FeedEntity.self))
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            header: try reader.required(try reader.message(header, as: GTFSRealtime.FeedHeader.self), 1, of: Self.self),
            entities: entities
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(header, field: 1)
        writer.write(entities, field: 2)
    }
}
