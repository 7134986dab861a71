/// What a station's (or a bus stop's) departure board shows at one instant: its trains (buses)
/// grouped by route and direction, each group with the next few arrivals.
///
/// A value computed by `ArrivalBoard(station:network:feeds:staleFeeds:now:)` or
/// `ArrivalBoard(busStop:network:feeds:staleFeeds:now:)`; the REST handlers, the `watch` push and
/// `trackside arrivals` all serve this same value in its wire form.
public struct ArrivalBoard: Hashable, Sendable {
    /// How many arrivals a group keeps.
    public static let arrivalsPerGroup = 3
    /// An arrival closer than this many seconds is due: its whole minutes are 0, and every
    /// client words it "Due" (the map popup, the station display and the sign rows alike).
    public static let dueWithin = 60.0

    /// Whether the board is a station's or a bus stop's.
    public var kind: PlaceKind
    /// The parent station id (`127`), or the bus stop id (`404303`).
    public var stationID: String
    /// The instant the board was computed for (seconds since the Unix epoch).
    public var timestamp: Double
    /// Groups ordered by route id, then direction: the trains riders can board here.
    public var groups: [ArrivalGroup]
    /// Trains whose trip ends here, grouped likewise: nobody boards them, so they are not
    /// departures (a terminal's board would offer them first); shown apart, if at all, as
    /// "arriving, terminates here".
    public var terminating: [ArrivalGroup]
    /// The routes that a feed the server no longer vouches for predicts here, shown or not, sorted:
    /// the board may miss their trains (buses) even where no group is stale (that feed's last good
    /// predictions here may all be past), so an empty board does not mean that nothing is coming.
    public var staleRoutes: [String]
    /// For each route and direction the timetable has here but no group shows, its first
    /// scheduled departure after `timestamp` (`ScheduledService`): after the last train of the
    /// night, when service resumes. Empty without a timetable (a GTFS without stop_times).
    public var nextService: [ScheduledService.Next]

    public init(kind: PlaceKind = .station, stationID: String, timestamp: Double, groups: [ArrivalGroup],
                terminating: [ArrivalGroup] = [], staleRoutes: [String] = [], nextService: [ScheduledService.Next] = []) {
        self.kind = kind
        self.stationID = stationID
        self.timestamp = timestamp
        self.groups = groups
        self.terminating = terminating
        self.staleRoutes = staleRoutes
        self.nextService = nextService
    }

    /// Whether the board may miss arrivals: some route's feed here is stale.
    public var isStale: Bool { !staleRoutes.isEmpty }
}

/// The trains (buses) of one route heading one way through a station (bus stop).
public struct ArrivalGroup: Hashable, Sendable {
    public var routeID: String
    /// The platform's direction (NYC's `N`/`S` suffix), else the trip's label (a bus's
    /// `DirectionRef`), else the stop id.
    public var direction: String
    /// Where these trains are going: the first train's trip headsign, else its last stop's name.
    public var headsign: String?
    /// The station's own words for this direction where the data has them (NYCT's "Manhattan",
    /// "Coney Island"); nil leaves the client its agency's words for `direction` (Uptown).
    public var heading: String?
    /// The next arrivals, soonest first, at most `ArrivalBoard.arrivalsPerGroup`.
    public var arrivals: [Arrival]
    /// Whether any of `arrivals` comes from a feed the server no longer vouches for (its latest
    /// update failed, or its data is too old): the times are the last good ones, and may be wrong.
    public var isStale: Bool
    /// How riders know the route (`AgencyProfile.label(of:)`: its `route_short_name` and colours; nil
    /// for NYCT, whose signs name routes by their ids).
    public var label: RouteLabel?

    public init(routeID: String, direction: String, headsign: String?, heading: String? = nil, arrivals: [Arrival],
                isStale: Bool = false, label: RouteLabel? = nil) {
        self.label = label
        self.routeID = routeID
        self.direction = direction
        self.headsign = headsign
        self.heading = heading
        self.arrivals = arrivals
        self.isStale = isStale
    }
}

/// One train (bus) expected at a station (bus stop).
public struct Arrival: Hashable, Sendable {
    public var tripID: String
    /// When it reaches the platform (seconds since the Unix epoch); nil for a bus whose feed
    /// gives no prediction, only how far away it is (`proximity`).
    public var time: Double?
    /// Whole minutes until `time`, rounded down; 0 while the train is in the station.
    public var minutes: Int?
    /// Closer than `ArrivalBoard.dueWithin` seconds, or already at the platform.
    public var isDue: Bool
    /// The platform track, where the feed gives one.
    public var track: String?
    /// A bus's distance as Bus Time words it (`2 stops away`), where the feed gives one.
    public var proximity: String?
    /// Stops between a bus and this one, where the feed gives it.
    public var stopsAway: Int?
    /// Whether the trip is cancelled (GTFS-realtime `CANCELED`): `time` is then when it was scheduled,
    /// and it never counts as due.
    public var isCancelled: Bool

    public init(tripID: String, time: Double?, minutes: Int?, isDue: Bool, track: String? = nil,
                proximity: String? = nil, stopsAway: Int? = nil, isCancelled: Bool = false) {
        self.isCancelled = isCancelled
        self.tripID = tripID
        self.time = time
        self.minutes = minutes
        self.isDue = isDue
        self.track = track
        self.proximity = proximity
        self.stopsAway = stopsAway
    }
}
