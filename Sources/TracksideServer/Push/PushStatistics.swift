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
}
