/// The tunable numbers of placement, with the inherited app's values as defaults.
public struct PlacementSettings: Hashable, Sendable {
    /// Seconds a train is shown standing at a station it reached, unless the feed gives a
    /// later departure.
    public var dwell: Double = 37
    /// Without predicted times: the fraction of the way to the next stop a train is drawn at
    /// once its dwell is over.
    public var unpredictedFraction: Double = 0.5
    /// A vehicle that has not advanced for this many seconds is flagged `stalled`.
    public var stalledAfter: Double = 90
    /// The most a new prediction may move a train backwards along its track, in metres.
    public var maximumBackwardsJump: Double = 50
    /// Tolerance of the simplified path in a motion segment, in metres.
    public var motionPathTolerance: Double = 2
    /// A train with no stops ahead whose last report is older than this many seconds has
    /// finished its trip (NYCT keeps such trips in its feeds for hours) and is not shown.
    public var finishedTripAge: Double = 300
    /// When a feed still has a train on its way to a stop it predicted reached already, the
    /// train is given this many more seconds to get there.
    public var lateArrivalAllowance: Double = 30
    /// How many stops ahead a train's timeline looks (older feeds walk further).
    public var stopsAhead: Int = 5
    /// Bus dead reckoning: speed when the bus's own is unknown (m/s), and the cap (m).
    public var busSpeed: Double = 4
    public var busDeadReckoningCap: Double = 150
    /// A bus farther than this from every shape of its route is drawn where it says it is.
    public var busSnapRadius: Double = 80

    public init() {}
}
