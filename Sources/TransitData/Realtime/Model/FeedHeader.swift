// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// Metadata about a feed, included in every feed message.
    public struct FeedHeader {
        /// The specification version, e.g. "1.0" or "2.0".
        public var gtfsRealtimeVersion: String
        /// Whether this is a full dataset or a differential update (default full).
        public var incrementality: GTFSRealtime.FeedHeader.Incrementality?
        /// When the content was created, in POSIX seconds.
        public var timestamp: UInt64?
        /// NYCT subway extension 1001, decoded with the trips registry.
        public var nyctFeedHeader: GTFSRealtime.NyctFeedHeader?
        /// MTA Mercury extension 1001, decoded with the alerts registry.
        public var mercuryFeedHeader: GTFSRealtime.MercuryFeedHeader?

        public init(
            gtfsRealtimeVersion: String,
            incrementality: GTFSRealtime.FeedHeader.Incrementality? = nil,
            timestamp: UInt64? = nil,
            nyctFeedHeader: GTFSRealtime.NyctFeedHeader? = nil,
            mercuryFeedHeader: GTFSRealtime.MercuryFeedHeader? = nil
        ) {
            self.gtfsRealtimeVersion = gtfsRealtimeVersion
            self.incrementality = incrementality
            self.timestamp = timestamp
            self.nyctFeedHeader = nyctFeedHeader
            self.mercuryFeedHeader = mercuryFeedHeader
        }
    }
}

extension GTFSRealtime.FeedHeader: Hashable, Sendable {}

extension GTFSRealtime.FeedHeader {
    /// Whether the feed replaces everything or updates part of it.
    public enum Incrementality: Int32, CaseIterable, Sendable {
        case fullDataset = 0
        case differential = 1

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .fullDataset: "FULL_DATASET"
            case .differential: "DIFFERENTIAL"
            }
        }
    }
}
