/// A feed a source is set up to deliver, and how often: readiness waits for its first good
/// report, and its stale threshold grows with its interval (a feed polled every minute is not
/// stale after 90 seconds).
public struct ExpectedFeed: Equatable, Sendable {
    public var feedID: String
    /// Seconds between deliveries when healthy; nil when irregular (a replay plays what was recorded).
    public var interval: Double?

    public init(feedID: String, interval: Double?) {
        self.feedID = feedID
        self.interval = interval
    }

    /// The age after which this feed's data is stale: `minimum`, or three intervals when longer,
    /// so that one late fetch does not flap a slow feed.
    public func staleAfter(minimum: Double) -> Double {
        max(minimum, 3 * (interval ?? 0))
    }
}
