/// Where one vehicle is on its trip and the stops it still has ahead, with their predicted
/// times: what a vehicle's card shows (`GET /api/vehicles/{id}`, the `vehicle` push).
///
/// A value computed by `VehicleItinerary(vehicle:snapshot:network:now:)` from the state the
/// clients were sent and the latest feeds; REST and push serve this same value.
public struct VehicleItinerary: Hashable, Sendable {
    /// Most stops listed: a whole trip across the city is about 60, and the card shows the next few.
    public static let maximumCalls = 80

    /// A stop by the names riders know.
    public struct Place: Hashable, Sendable {
        /// The platform or bus stop id (`127N`, `404303`).
        public var stopID: String
        /// Its parent station (`127`), where it has one.
        public var stationID: String?
        /// The stop's name, where the network knows the stop.
        public var name: String?

        public init(stopID: String, stationID: String? = nil, name: String? = nil) {
            self.stopID = stopID
            self.stationID = stationID
            self.name = name
        }
    }

    /// One stop ahead with what the feed predicts there.
    public struct Call: Hashable, Sendable {
        public var place: Place
        /// Predicted arrival and departure (seconds since the Unix epoch), where the feed gives them.
        public var arrival: Double?
        public var departure: Double?
        /// Seconds behind the timetable (negative: early), where the feed gives it.
        public var delay: Double?
        /// The platform track, where the feed gives one.
        public var track: String?
        /// A bus's distance as Bus Time words it (`2 stops away`), where the feed gives one.
        public var proximity: String?

        public init(place: Place, arrival: Double? = nil, departure: Double? = nil, delay: Double? = nil,
                    track: String? = nil, proximity: String? = nil) {
            self.place = place
            self.arrival = arrival
            self.departure = departure
            self.delay = delay
            self.track = track
            self.proximity = proximity
        }
    }

    public var vehicleID: String
    /// The stop the vehicle stands at (status `stopped`) or last left; nil when unknown.
    public var current: Place?
    /// The stops still ahead, in trip order, at most `maximumCalls`; the one it stands at is not among them.
    public var calls: [Call]

    public init(vehicleID: String, current: Place?, calls: [Call]) {
        self.vehicleID = vehicleID
        self.current = current
        self.calls = calls
    }
}

extension VehicleItinerary {
    /// The itinerary of `vehicle` (a state as clients were sent it) from the newest feed that
    /// reports it in `snapshot`, as placement takes it. A train's stops are its trip update's
    /// from its next stop on (after the one it stands at); a bus's are its SIRI calls, nearest
    /// first. Without the state's stops to go by, the calls still to come at `now` are kept.
    public init(vehicle: VehicleState, snapshot: FeedSnapshot, network: Network, now: Double) {
        let feeds = snapshot.feeds.sorted { $0.timestamp > $1.timestamp }
        let place = { (stopID: String) in
            let stop = network.stops[stopID]
            return Place(stopID: stopID, stationID: stop?.parentStation, name: stop?.name)
        }
        var calls: [Call] = []
        // A GTFS-realtime trip (a train, or any agency's bus) has a trip update; a SIRI bus has calls.
        if let report = feeds.lazy.compactMap({ $0.trains.first { $0.vehicleID == vehicle.id } }).first {
            let stopTimes = report.stopTimes
            let start: Int
            if vehicle.status == .stopped, let stop = vehicle.stop, let index = stopTimes.firstIndex(where: { $0.stopID == stop }) {
                start = index + 1
            } else if let next = vehicle.nextStop, let index = stopTimes.firstIndex(where: { $0.stopID == next }) {
                start = index
            } else {
                start = stopTimes.firstIndex { ($0.departureOrArrival ?? .infinity) >= now } ?? stopTimes.count
            }
            calls = stopTimes[start...].map { prediction in
                Call(place: place(prediction.stopID), arrival: prediction.arrival, departure: prediction.departure,
                     delay: prediction.delay, track: prediction.track)
            }
        } else {
            let busCalls = feeds.lazy.map { $0.busCalls.filter { $0.vehicleID == vehicle.id } }.first { !$0.isEmpty } ?? []
            calls = busCalls.enumerated().sorted { lhs, rhs in
                (lhs.element.stopsAway ?? Int.max, lhs.offset) < (rhs.element.stopsAway ?? Int.max, rhs.offset)
            }.map { _, call in
                Call(place: place(call.stopID), arrival: call.arrival, departure: call.departure, proximity: call.proximity)
            }
        }
        self.init(vehicleID: vehicle.id, current: vehicle.stop.map(place),
                  calls: Array(calls.prefix(Self.maximumCalls)))
    }
}
