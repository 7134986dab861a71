/// How far a vehicle is from a call, from MTA Bus Time's `Extensions.Distances`.
public struct SIRICallDistances: Hashable, Sendable {
    /// Metres from the start of the trip's shape to the stop (`CallDistanceAlongRoute`).
    public var callDistanceAlongRoute: Double?
    /// Metres along the route from the vehicle to the stop (`DistanceFromCall`).
    public var distanceFromCall: Double?
    /// Rider-facing text such as `approaching`, `at stop` or `0.7 miles away`.
    public var presentableDistance: String?
    /// Stops between the vehicle and this one (`StopsFromCall`); 0 for the next stop.
    public var stopsFromCall: Int?

    public init(callDistanceAlongRoute: Double? = nil, distanceFromCall: Double? = nil,
                presentableDistance: String? = nil, stopsFromCall: Int? = nil) {
        self.callDistanceAlongRoute = callDistanceAlongRoute
        self.distanceFromCall = distanceFromCall
        self.presentableDistance = presentableDistance
        self.stopsFromCall = stopsFromCall
    }
}

extension SIRICallDistances {
    init(siri distances: SIRIObject) throws(SIRIDecodingError) {
        callDistanceAlongRoute = try distances.double("CallDistanceAlongRoute")
        distanceFromCall = try distances.double("DistanceFromCall")
        presentableDistance = try distances.string("PresentableDistance")
        stopsFromCall = try distances.int("StopsFromCall")
    }

    /// The SIRI 2.0 spelling on the call itself; nil when none of its members is there.
    init?(siriVersion2Call call: SIRIObject) throws(SIRIDecodingError) {
        distanceFromCall = try call.double("DistanceFromStop")
        presentableDistance = try call.string("ArrivalProximityText")
        stopsFromCall = try call.int("NumberOfStopsAway")
        callDistanceAlongRoute = nil
        if distanceFromCall == nil, presentableDistance == nil, stopsFromCall == nil { return nil }
    }
}
