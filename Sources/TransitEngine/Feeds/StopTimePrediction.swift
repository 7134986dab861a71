/// A realtime prediction for one stop of a trip (a GTFS-rt StopTimeUpdate, or a SIRI call).
public struct StopTimePrediction: Hashable, Sendable {
    /// The stop id, already corrected by the agency profile.
    public var stopID: String
    /// Predicted arrival, seconds since the Unix epoch.
    public var arrival: Double?
    /// Predicted departure, seconds since the Unix epoch.
    public var departure: Double?
    /// The track the train uses there (NYCT: `actual_track`, else `scheduled_track`), where given.
    public var track: String?
    /// Seconds behind the timetable (negative: early), where the feed gives it (GTFS-rt
    /// `StopTimeEvent.delay` of the arrival, else of the departure; NYCT's feeds never do).
    public var delay: Double?

    public init(stopID: String, arrival: Double? = nil, departure: Double? = nil, track: String? = nil,
                delay: Double? = nil) {
        self.stopID = stopID
        self.arrival = arrival
        self.departure = departure
        self.track = track
        self.delay = delay
    }

    /// When the vehicle reaches the stop: the arrival, else the departure.
    public var arrivalOrDeparture: Double? { arrival ?? departure }
    /// When it leaves: the departure, else the arrival.
    public var departureOrArrival: Double? { departure ?? arrival }
}
