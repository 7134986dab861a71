import Codecs
import Foundation
import TransitData
import TransitEngine

/// Runs a static GTFS timetable as if it were a live railway and reports it as GTFS-realtime.
///
/// The functional core of the demo source: `feed(at:)` is a pure function of the timetable,
/// the seed and the instant. Every trip gets a delay profile drawn from the seed (most trains a
/// little late, some early, delays drifting from stop to stop), and the report is what a NYCT
/// subway feed says about it: trip updates with predicted times for the stops ahead, vehicle
/// positions with a stop and a status but no coordinates, the NYCT extensions; and a separate
/// alerts feed with the Mercury extension. The bytes then take the same path as a live feed:
/// encode, decode, place.
public struct ScheduleSimulator: Sendable {
    /// One trip of the timetable, times relative to its service day.
    struct TimetabledTrip: Sendable {
        var tripID: String
        var routeID: String
        var serviceID: String
        var directionID: Int?
        var stopIDs: [String]
        var arrivals: [Int32]
        var departures: [Int32]
        /// `frequencies.txt`'s windows when the trip is frequency-based: its times are then a template run
        /// from each window's start times, never at their own times.
        var frequencies: [GTFSFrequency] = []
    }

    private let trips: [TimetabledTrip]
    private let serviceDays: ServiceDays
    let timeZone: TimeZone
    let routeIDs: [String]
    /// Three stations along the first route, which the demo alerts are about.
    let alertStations: [AlertStation]
    /// The timetable's agency id, which the demo alerts' selectors name (nil without `agency_id`).
    let agencyID: String?
    /// What the demo alerts call the vehicles (`trains`, `buses`), from the routes' `route_type`.
    let vehicleNoun: String
    /// Whether every route is a bus or trolleybus: no tracks, no platforms' elevators.
    let isRoad: Bool
    /// Whether any route is a bus or trolleybus, which the page's buses layer shows.
    let runsRoadVehicles: Bool
    private let seed: UInt64

    /// Shortest time the simulator keeps a train at a stop whose timetable gives none.
    static let minimumDwell = 20.0
    /// Shortest run between two stops after delays are applied.
    static let minimumRun = 30.0

    /// Prepares the timetable of `feed` (which must have `stop_times`).
    /// - Parameter seed: the same seed always produces the same delays and the same bytes.
    public init(feed: GTFSFeed, schedule: GTFSSchedule, seed: UInt64 = 1) throws {
        guard !schedule.calls.isEmpty else {
            throw TracksideConfiguration.ConfigurationError(description: "the simulator needs a GTFS feed with stop_times.txt")
        }
        var trips: [TimetabledTrip] = []
        let windows = Dictionary(grouping: feed.frequencies, by: \.tripID)
        for (index, tripID) in schedule.tripIDs.enumerated() {
            guard let trip = feed.trips[id: tripID] else { continue }
            let calls = schedule.calls(ofTripAt: index).filter { $0.arrival != nil || $0.departure != nil }
            guard calls.count >= 2 else { continue }
            trips.append(TimetabledTrip(
                tripID: tripID, routeID: trip.routeID, serviceID: trip.serviceID, directionID: trip.directionID,
                stopIDs: calls.map { schedule.stopID(of: $0) },
                arrivals: calls.map { ($0.arrival ?? $0.departure!).secondsSinceServiceDayStart },
                departures: calls.map { ($0.departure ?? $0.arrival!).secondsSinceServiceDayStart },
                frequencies: windows[tripID] ?? []))
        }
        self.trips = trips
        serviceDays = ServiceDays(feed: feed)
        timeZone = feed.timeZone ?? TimeZone(identifier: "UTC")!
        routeIDs = Array(Set(trips.map(\.routeID))).sorted()
        alertStations = Self.alertStations(feed: feed, trips: trips, route: routeIDs.first)
        agencyID = feed.agencies.first?.id.flatMap { $0.isEmpty ? nil : $0 }
        let kinds = Set(routeIDs.compactMap { feed.routes[id: $0].flatMap { VehicleState.Kind(routeType: $0.type) } })
        isRoad = !kinds.isEmpty && kinds.allSatisfy(\.isRoadVehicle)
        runsRoadVehicles = kinds.contains(where: \.isRoadVehicle)
        vehicleNoun = kinds.count == 1 ? kinds.first!.pluralNoun : "trains"
        self.seed = seed
    }

    /// The trips running at `now` (yesterday's late trips included), with delays applied.
    func activeTrips(at now: Double) -> [SimulatedTrip] {
        let today = GTFSDate(Date(timeIntervalSince1970: now), in: timeZone)
        var active: [SimulatedTrip] = []
        for date in [today.adding(days: -1), today] {
            let services = serviceDays.serviceIDs(on: date)
            let dayStart = date.serviceDayStart(in: timeZone).timeIntervalSince1970
            for trip in trips where services.contains(trip.serviceID) {
                for start in runStarts(of: trip, dayStart: dayStart, around: now) {
                    let simulated = simulate(trip, serviceDate: date, dayStart: dayStart, start: start)
                    if simulated.isActive.contains(now) { active.append(simulated) }
                }
            }
        }
        return active
    }

    /// The departures from the origin (seconds of the service day starting at `dayStart`) of `trip`'s runs
    /// that may be shown at `now`, by a cheap bounds check before delays are drawn: the timetabled one, or a
    /// frequency-based trip's runs of each window whose span (announced ahead, lingering after, 15 min of
    /// delay) covers `now`, found by arithmetic rather than by listing a window's runs.
    func runStarts(of trip: TimetabledTrip, dayStart: Double, around now: Double) -> [Int32] {
        let origin = trip.departures[0]
        let duration = Double(trip.arrivals[trip.arrivals.count - 1] - origin)
        // A run starting at s is shown within [s - announce, s + duration + linger + 900] after dayStart.
        let earliest = now - dayStart - duration - SimulatedTrip.lingerAfter - 900
        let latest = now - dayStart + SimulatedTrip.announceAhead
        guard !trip.frequencies.isEmpty else {
            return (earliest...latest).contains(Double(origin)) ? [origin] : []
        }
        var starts: [Int32] = []
        for window in trip.frequencies {
            let first = window.startTime.secondsSinceServiceDayStart, headway = Double(window.headway)
            let from = max(0, ((earliest - Double(first)) / headway).rounded(.up))
            let through = ((latest - Double(first)) / headway).rounded(.down)
            guard from <= through else { continue }
            for run in Int(from)...Int(through) {
                let start = Int64(first) + Int64(run) * Int64(window.headway)
                guard start < Int64(window.endTime.secondsSinceServiceDayStart) else { break }
                starts.append(Int32(start))
            }
        }
        return starts
    }

    /// The trip's stops in absolute times with its delay profile applied, the run departing its origin at
    /// `start` (its own timetabled time unless it is one of a frequency-based trip's runs).
    func simulate(_ trip: TimetabledTrip, serviceDate: GTFSDate, dayStart: Double, start: Int32? = nil) -> SimulatedTrip {
        let start = start ?? trip.departures[0]
        let shift = Double(start - trip.departures[0])
        let dayStart = dayStart + shift
        var random = SplitMix64(seed: seed ^ FNV1a.hash(trip.tripID.utf8) ^ UInt64(serviceDate.year * 10000 + serviceDate.month * 100 + serviceDate.day)
                                    ^ (trip.frequencies.isEmpty ? 0 : UInt64(start) &* 0x9E37_79B9_7F4A_7C15))
        // Most trains run up to two minutes late, a few a little early; the delay drifts by a few
        // seconds per stop.
        var delay = Double(Int.random(in: -20...120, using: &random))
        let drift = Double(Int.random(in: -4...6, using: &random))
        var calls: [SimulatedTrip.Call] = []
        for index in trip.stopIDs.indices {
            let scheduledArrival = dayStart + Double(trip.arrivals[index])
            let scheduledDeparture = dayStart + Double(trip.departures[index])
            var arrival = scheduledArrival + delay
            if let previous = calls.last { arrival = max(arrival, previous.departure + Self.minimumRun) }
            let dwell = max(scheduledDeparture - scheduledArrival, index == 0 ? 0 : Self.minimumDwell)
            calls.append(.init(stopID: trip.stopIDs[index], scheduledArrival: scheduledArrival,
                               arrival: arrival, departure: arrival + dwell))
            delay = max(-60, delay + drift + Double(Int.random(in: -3...3, using: &random)))
        }
        return SimulatedTrip(tripID: trip.tripID, routeID: trip.routeID, directionID: trip.directionID,
                             serviceDate: serviceDate, startTime: GTFSTime(secondsSinceServiceDayStart: start),
                             isFrequencyRun: !trip.frequencies.isEmpty, calls: calls)
    }
}
