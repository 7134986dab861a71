import TransitEngine

/// What one tick reads from the feed stores, taken in one critical section
/// (`FeedIngest.tickFeeds`): an update cannot land between the vehicles and the boards or
/// alerts of one tick.
public struct TickFeeds: Sendable {
    /// Every vehicle feed's latest good report, each with its `FeedFreshness`.
    public var vehicles: FeedSnapshot
    /// The alerts feeds and their health.
    public var alerts: AlertFeedSnapshot
    /// Every feed's health, vehicles and alerts by feed id (`/api/feeds`, `/readyz`).
    public var status: [FeedStatus]
    /// The replay round the feeds belong to (0 for live sources).
    public var round: Int

    public init(vehicles: FeedSnapshot = FeedSnapshot(), alerts: AlertFeedSnapshot = AlertFeedSnapshot(),
                status: [FeedStatus] = [], round: Int = 0) {
        self.vehicles = vehicles
        self.alerts = alerts
        self.status = status
        self.round = round
    }
}
