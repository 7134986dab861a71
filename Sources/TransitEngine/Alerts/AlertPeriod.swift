import TransitData

/// A span during which an alert is in force, in seconds since the Unix epoch.
public struct AlertPeriod: Hashable, Sendable {
    /// Nil: since forever.
    public var start: Double?
    /// Nil: until further notice.
    public var end: Double?

    public init(start: Double?, end: Double?) {
        self.start = start
        self.end = end
    }

    /// Whether `time` falls in the period (start inclusive, end exclusive).
    public func contains(_ time: Double) -> Bool {
        (start.map { $0 <= time } ?? true) && (end.map { time < $0 } ?? true)
    }
}

extension AlertPeriod {
    /// A GTFS-realtime `TimeRange`; a bound of 0 counts as absent, as MTA writes `end: 0` for
    /// alerts without a planned end.
    init(_ range: GTFSRealtime.TimeRange) {
        start = range.start.flatMap { $0 == 0 ? nil : Double($0) }
        end = range.end.flatMap { $0 == 0 ? nil : Double($0) }
    }
}
