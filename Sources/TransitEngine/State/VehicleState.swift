import TransitData

/// What a client needs to draw one vehicle at one instant: the engine's output and the
/// unit of every snapshot and delta on the wire (docs/PROTOCOL.md).
///
/// Two states are equal when a client would draw them the same, so the tick loop can send
/// only the vehicles whose state changed.
public struct VehicleState: Hashable, Sendable {
    /// The mode, from the route's GTFS `route_type` (`Kind(routeType:)`): what the map draws it
    /// as and what `layers` filter on.
    public enum Kind: String, Sendable, CaseIterable {
        case subway, rail, tram, bus, trolleybus, ferry, monorail
        case cableCar = "cable_car", gondola, funicular
    }

    /// Whether the vehicle is standing at a stop or running between two.
    public enum Status: String, Sendable, CaseIterable {
        case stopped, moving, unknown
    }

    /// Where the position came from.
    public enum Source: String, Sendable, CaseIterable {
        /// Coordinates reported by the vehicle (buses, and GTFS-rt feeds that carry them).
        case gps
        /// Placed along the track from the trip's stops and predicted times.
        case inferred
        /// Placed from the timetable alone, without a realtime prediction.
        case schedule
    }

    /// Conditions a client should show.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The feed behind this state is older than its freshness threshold.
        public static let stale = Flags(rawValue: 1 << 0)
        /// The train has not advanced for 90 s (the MTA's rule for a stalled train).
        public static let stalled = Flags(rawValue: 1 << 1)
        /// Reported before its first departure (NYCT B division), so not yet running.
        public static let notStarted = Flags(rawValue: 1 << 2)

        /// Wire names in a fixed order.
        public static let names: [(Flags, String)] = [(.stale, "stale"), (.stalled, "stalled"), (.notStarted, "not_started")]
    }

    /// The path a moving vehicle follows until its next stop, and when: clients animate along
    /// it by time between ticks, never past its end.
    public struct MotionSegment: Hashable, Sendable {
        /// From the current position to the next stop, simplified to within 2 m of the shape.
        public var path: [Coordinate]
        /// When the vehicle is at the start of `path` (seconds since the Unix epoch).
        public var startTime: Double
        /// When it is predicted to reach the end of `path`.
        public var endTime: Double

        public init(path: [Coordinate], startTime: Double, endTime: Double) {
            self.path = path
            self.startTime = startTime
            self.endTime = endTime
        }
    }

    /// Stable across ticks: the trip id for trains, the vehicle ref for buses.
    public var id: String
    public var kind: Kind
    public var route: String
    /// How riders know `route` (its short name and colours), where the profile labels it.
    public var label: RouteLabel?
    public var trip: String?
    /// `N`/`S` for NYC subway, `0`/`1` (GTFS direction_id) elsewhere.
    public var direction: String?
    public var headsign: String?
    public var position: Coordinate
    /// Degrees clockwise from true north, 0 ..< 360.
    public var bearing: Double
    public var status: Status
    /// The stop the vehicle is at (status `stopped`) or last left.
    public var stop: String?
    /// The next stop it will reach.
    public var nextStop: String?
    public var motion: MotionSegment?
    /// Seconds since the vehicle's own report at the instant of placement.
    public var age: Double
    public var source: Source
    public var flags: Flags
    /// The header timestamp of the feed that produced this state (seconds since the Unix epoch).
    public var feedTimestamp: UInt64

    public init(id: String, kind: Kind, route: String, label: RouteLabel? = nil, trip: String? = nil, direction: String? = nil,
                headsign: String? = nil, position: Coordinate, bearing: Double, status: Status,
                stop: String? = nil, nextStop: String? = nil, motion: MotionSegment? = nil,
                age: Double, source: Source, flags: Flags = [], feedTimestamp: UInt64) {
        self.id = id
        self.kind = kind
        self.route = route
        self.label = label
        self.trip = trip
        self.direction = direction
        self.headsign = headsign
        self.position = position
        self.bearing = bearing
        self.status = status
        self.stop = stop
        self.nextStop = nextStop
        self.motion = motion
        self.age = age
        self.source = source
        self.flags = flags
        self.feedTimestamp = feedTimestamp
    }
}
