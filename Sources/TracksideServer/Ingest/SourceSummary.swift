import TransitData

/// What a source's data is, in the terms a page labels it with (`/api/config`): live feeds,
/// a simulation of some routes, or a recording of a span of time; and whether it can carry buses.
public struct SourceSummary: Equatable, Sendable {
    /// `demo`, `sim`, `mta`, `gtfs-rt` or `replay`, as `FeedSource.kind`.
    public var kind: String
    /// The routes a simulator runs (nil for recorded or live data).
    public var simulatedRoutes: [String]?
    /// A recording's first and last publish times (seconds since the Unix epoch, the feeds' clock).
    public var recorded: ClosedRange<Double>?
    /// How fast a recording plays (2 = twice as fast), and whether it starts over at its end.
    public var speed: Double?
    public var loops: Bool
    /// Whether any feed of the source can report buses (Bus Time SIRI, or a bus GTFS-realtime feed).
    public var carriesBuses: Bool

    public init(kind: String, simulatedRoutes: [String]? = nil, recorded: ClosedRange<Double>? = nil,
                speed: Double? = nil, loops: Bool = false, carriesBuses: Bool) {
        self.kind = kind
        self.simulatedRoutes = simulatedRoutes
        self.recorded = recorded
        self.speed = speed
        self.loops = loops
        self.carriesBuses = carriesBuses
    }

    /// Whether a feed of this format and id is a bus feed: SIRI is Bus Time's, and bus
    /// GTFS-realtime feeds say so in their names (`mta_bus_tripupdates`, as shared/data and MTA name them).
    static func isBusFeed(id: String, format: FeedFormat) -> Bool {
        format == .siri || id.lowercased().contains("bus")
    }
}
