// Wire-format decoding and encoding of the GTFS-realtime model (gtfs-realtime.proto field numbers).

extension GTFSRealtime.FeedHeader: ProtobufMessage {
    public static var protobufName: String { "FeedHeader" }

    public static func protobufFieldName(_ number: Int) -> String? {
        switch number {
        case 1: "gtfs_realtime_version"
        case 2: "incrementality"
        case 3: "timestamp"
        case 1001: "nyct_feed_header|mercury_feed_header"
        default: nil
        }
    }

    public init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var gtfsRealtimeVersion: String? = nil
        var incrementality: GTFSRealtime.FeedHeader.Incrementality? = nil
        var timestamp: UInt64? = nil
        var nyctFeedHeader = ProtobufOccurrences()
        var mercuryFeedHeader = ProtobufOccurrences()
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1:
                gtfsRealtimeVersion = try reader.string(tag)
            case 2:
                if let value = try reader.enumeration(tag, as: GTFSRealtime.FeedHeader.Incrementality.self) { incrementality = value }
            case 3:
                timestamp = try reader.uint64(tag)
            case 1001 where reader.extensions.contains(GTFSRealtime.NyctFeedHeader.self, extending: Self.self, number: 1001):
                nyctFeedHeader.record(try reader.embeddedBytes(tag), of: tag)
            case 1001 where reader.extensions.contains(GTFSRealtime.MercuryFeedHeader.self, extending: Self.self, number: 1001):
                mercuryFeedHeader.record(try reader.embeddedBytes(tag), of: tag)
            default:
                try reader.skip(tag)
            }
        }
        self.init(
            gtfsRealtimeVersion: try reader.required(gtfsRealtimeVersion, 1, of: Self.self),
            incrementality: incrementality,
            timestamp: timestamp,
            nyctFeedHeader: try reader.message(nyctFeedHeader, as: GTFSRealtime.NyctFeedHeader.self),
            mercuryFeedHeader: try reader.message(mercuryFeedHeader, as: GTFSRealtime.MercuryFeedHeader.self)
        )
    }

    public func encode(to writer: inout ProtobufWriter) {
        writer.write(gtfsRealtimeVersion, field: 1)
        writer.write(incrementality, field: 2)
        writer.write(timestamp, field: 3)
        writer.write(nyctFeedHeader, field: 1001)
        writer.write(mercuryFeedHeader, field: 1001)
    }
}
