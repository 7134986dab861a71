import TransitEngine

/// The latest good vehicle feeds with the ids of those stale: what arrival boards are computed
/// from. Read together, so a board never pairs one update's data with another's health.
public struct BoardFeeds: Sendable {
    /// The kept report of every vehicle feed.
    public var snapshot: FeedSnapshot
    /// The feeds whose latest update failed or whose data is older than their threshold
    /// (`FeedStatus.isStale`); a board group showing their trains is stale.
    public var stale: Set<String>

    public init(snapshot: FeedSnapshot, stale: Set<String> = []) {
        self.snapshot = snapshot
        self.stale = stale
    }

    /// The feeds of `snapshot` with those stale at `now` by each report's `FeedFreshness`.
    public init(snapshot: FeedSnapshot, at now: Double) {
        self.init(snapshot: snapshot, stale: Set(snapshot.feeds.filter { $0.isStale(at: now) }.map(\.name)))
    }
}
