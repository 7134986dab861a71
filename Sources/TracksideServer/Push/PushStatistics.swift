/// The push hub's figures for `/metrics` and `/status`, read on its queue in one go.
public struct PushStatistics: Equatable, Sendable {
    /// Open connections.
    public var connections: Int
    /// Distinct views (tiles + filter) that deltas are built for.
    public var regions: Int
    /// Connections with a view.
    public var subscriptions: Int
    /// Stations watched, summed over connections.
    public var watches: Int
    /// The latest tick's number.
    public var seq: UInt64
    /// Subscribe/resume messages refused with `rate_limited` since start.
    public var rateLimited: Int
    /// Messages of any op refused by the per-connection message budget since start.
    public var overBudget: Int = 0
    /// Connections closed with 1008 for exceeding their message budget since start.
    public var closedOverBudget: Int = 0
    /// Client messages waiting for the push queue now.
    public var queuedMessages: Int = 0
}
