// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// One GTFS-realtime feed snapshot: a header and the entities it reports.
    public struct FeedMessage {
        /// Metadata about the feed: version, time, incrementality.
        public var header: GTFSRealtime.FeedHeader
        /// The trip updates, vehicle positions, alerts and other entities.
        public var entities: [GTFSRealtime.FeedEntity]

        public init(
            header: GTFSRealtime.FeedHeader,
            entities: [GTFSRealtime.FeedEntity] = []
        ) {
            self.header = header
            self.entities = entities
        }
    }
}

extension GTFSRealtime.FeedMessage: Hashable, Sendable {}
