import TransitData

/// The latest good alerts feeds with their health: what alerts are served from.
public struct AlertFeedSnapshot: Sendable {
    /// The kept alerts feeds, ordered by feed id.
    public var feeds: [GTFSRealtime.FeedMessage]
    /// The header time of the kept alerts (the oldest, when several feeds are kept); nil
    /// before the first good alerts feed.
    public var timestamp: Double?
    /// The health of every alerts feed seen, including those that never delivered good data.
    public var status: [FeedStatus]

    public init(feeds: [GTFSRealtime.FeedMessage] = [], timestamp: Double? = nil, status: [FeedStatus] = []) {
        self.feeds = feeds
        self.timestamp = timestamp
        self.status = status
    }

    /// Whether any alerts feed is stale: its latest update failed or its data is too old.
    public var isStale: Bool { status.contains { $0.isStale } }
}
