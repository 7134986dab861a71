/// A bus expected at a stop, as one SIRI call tells it: a VehicleMonitoring `MonitoredCall` or
/// `OnwardCall`, or the call of a StopMonitoring visit.
///
/// Bus Time gives a predicted time for most calls, but not all (a bus on layover, 2012-era
/// responses): then only how far away the bus is says how soon it comes.
public struct BusCall: Hashable, Sendable {
    /// The GTFS stop id (`StopPointRef` without its agency prefix).
    public var stopID: String
    /// `VehicleRef`, so one bus reported by several feeds is counted once.
    public var vehicleID: String
    /// The GTFS route id (`LineRef` without its prefix).
    public var routeID: String
    public var tripID: String?
    /// GTFS `direction_id` (`DirectionRef`).
    public var direction: String?
    /// `DestinationName`.
    public var headsign: String?
    /// Predicted (else timetabled) arrival and departure, seconds since the Unix epoch.
    public var arrival: Double?
    public var departure: Double?
    /// Stops between the bus and this one (0: this is its next stop).
    public var stopsAway: Int?
    /// Metres along the route from the bus to the stop.
    public var metresAway: Double?
    /// Bus Time's rider-facing distance: `approaching`, `1 stop away`, `0.7 miles away`.
    public var proximity: String?

    public init(stopID: String, vehicleID: String, routeID: String, tripID: String? = nil, direction: String? = nil,
                headsign: String? = nil, arrival: Double? = nil, departure: Double? = nil, stopsAway: Int? = nil,
                metresAway: Double? = nil, proximity: String? = nil) {
        self.stopID = stopID
        self.vehicleID = vehicleID
        self.routeID = routeID
        self.tripID = tripID
        self.direction = direction
        self.headsign = headsign
        self.arrival = arrival
        self.departure = departure
        self.stopsAway = stopsAway
        self.metresAway = metresAway
        self.proximity = proximity
    }
}
