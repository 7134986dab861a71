/// One bus as SIRI VehicleMonitoring describes it, reduced to what placement needs.
public struct BusReport: Hashable, Sendable {
    /// `VehicleRef`, stable across responses.
    public var vehicleID: String
    /// The GTFS route id (`LineRef` without its agency prefix).
    public var routeID: String
    public var tripID: String?
    /// The GTFS shape id of the journey pattern (`JourneyPatternRef` without its prefix).
    public var shapeID: String?
    /// GTFS `direction_id` (`DirectionRef`).
    public var direction: String?
    public var headsign: String?
    public var position: Coordinate
    /// Degrees clockwise from north, already converted from SIRI's convention.
    public var bearing: Double?
    /// `RecordedAtTime`, seconds since the Unix epoch.
    public var recordedAt: Double?
    /// Metres along the journey pattern: `CallDistanceAlongRoute − DistanceFromCall`.
    public var distanceAlongRoute: Double?
    /// The next stop (`MonitoredCall`) and its distance along the journey pattern.
    public var nextStopID: String?
    public var nextStopDistanceAlongRoute: Double?
    /// Predicted arrival at the next stop.
    public var nextStopArrival: Double?
    /// On layover or reporting no progress: dead reckoning must not move it.
    public var isHeld: Bool

    public init(vehicleID: String, routeID: String, tripID: String? = nil, shapeID: String? = nil,
                direction: String? = nil, headsign: String? = nil, position: Coordinate, bearing: Double? = nil,
                recordedAt: Double? = nil, distanceAlongRoute: Double? = nil, nextStopID: String? = nil,
                nextStopDistanceAlongRoute: Double? = nil, nextStopArrival: Double? = nil, isHeld: Bool = false) {
        self.vehicleID = vehicleID
        self.routeID = routeID
        self.tripID = tripID
        self.shapeID = shapeID
        self.direction = direction
        self.headsign = headsign
        self.position = position
        self.bearing = bearing
        self.recordedAt = recordedAt
        self.distanceAlongRoute = distanceAlongRoute
        self.nextStopID = nextStopID
        self.nextStopDistanceAlongRoute = nextStopDistanceAlongRoute
        self.nextStopArrival = nextStopArrival
        self.isHeld = isHeld
    }
}
