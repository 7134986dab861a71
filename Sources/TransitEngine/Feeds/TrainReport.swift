/// One rail vehicle as the realtime feeds describe it: a trip update, joined with the trip's
/// vehicle position when there is one, with the agency's quirks already corrected.
public struct TrainReport: Hashable, Sendable {
    /// Where the vehicle position says the train is relative to `vehicleStopID`.
    public enum StopStatus: String, Hashable, Sendable {
        case incomingAt, stoppedAt, inTransitTo
    }

    public var tripID: String
    /// Which train this is, unique within its feed: the trip id, unless the feed has several
    /// trains on trips with that id (see `FeedReport(name:realtime:profile:fetchedAt:)`).
    public var vehicleID: String
    public var routeID: String
    /// The profile's direction label (`N`/`S`, or `0`/`1`).
    public var direction: String?
    public var headsign: String?
    /// The stop the vehicle position refers to.
    public var vehicleStopID: String?
    /// The vehicle position's status; nil when the feed leaves it out (the GTFS-rt default
    /// is `inTransitTo`, which is how it is read).
    public var stopStatus: StopStatus?
    /// When the vehicle position was measured (seconds since the Unix epoch); nil when
    /// absent or 0.
    public var reportedAt: Double?
    /// Coordinates, for the agencies whose trains send them (never NYC's subway).
    public var position: Coordinate?
    /// The feed's bearing (degrees clockwise from north), used when no shape is known.
    public var bearing: Double?
    /// Predictions for the stops still ahead (some feeds keep the last one passed), in order.
    public var stopTimes: [StopTimePrediction]
    /// The trip has not left its first stop yet (NYCT: a train assigned to a trip whose
    /// departure is still in the future); shown at its origin, not moving.
    public var notStarted: Bool
    /// The shape the feed says the trip runs on (`trip_properties.shape_id`, for an `ADDED` or
    /// `DUPLICATED` trip, or one detoured), which placement follows before the static trip's.
    public var shapeID: String?

    public init(tripID: String, vehicleID: String? = nil, routeID: String, direction: String? = nil, headsign: String? = nil,
                vehicleStopID: String? = nil, stopStatus: StopStatus? = nil, reportedAt: Double? = nil,
                position: Coordinate? = nil, bearing: Double? = nil, stopTimes: [StopTimePrediction] = [],
                notStarted: Bool = false, shapeID: String? = nil) {
        self.shapeID = shapeID
        self.tripID = tripID
        self.vehicleID = vehicleID ?? tripID
        self.routeID = routeID
        self.direction = direction
        self.headsign = headsign
        self.vehicleStopID = vehicleStopID
        self.stopStatus = stopStatus
        self.reportedAt = reportedAt
        self.position = position
        self.bearing = bearing
        self.stopTimes = stopTimes
        self.notStarted = notStarted
    }
}
