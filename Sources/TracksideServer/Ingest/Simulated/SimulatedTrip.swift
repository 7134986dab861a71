import TransitData

/// One timetabled trip as the simulator runs it: its stops with the times they are served on
/// one service day, delays applied.
struct SimulatedTrip: Sendable {
    /// One stop of the trip, in absolute times (seconds since the Unix epoch).
    struct Call: Sendable {
        var stopID: String
        var scheduledArrival: Double
        var arrival: Double
        var departure: Double
    }

    var tripID: String
    var routeID: String
    var directionID: Int?
    var serviceDate: GTFSDate
    /// The timetabled departure from the origin (GTFS-realtime `start_time`).
    var startTime: GTFSTime
    /// Whether this is one of a frequency-based trip's runs, of which several share the trip id.
    var isFrequencyRun = false
    var calls: [Call]

    /// What the feed's entities are named after: the trip, and a frequency run's start time too.
    var entityID: String { isFrequencyRun ? "\(tripID) \(startTime)" : tripID }

    /// When the train is first shown: standing at its origin a little before departure, as
    /// dispatchers announce it.
    static let announceAhead = 120.0
    /// How long it stays listed after reaching its last stop.
    static let lingerAfter = 30.0

    var isActive: ClosedRange<Double> {
        (calls[0].departure - Self.announceAhead)...(calls[calls.count - 1].arrival + Self.lingerAfter)
    }

    /// Where the train is at `now`: standing at call `index`, or running towards it.
    enum Progress: Equatable {
        case stopped(at: Int, since: Double)
        case running(to: Int, since: Double)
    }

    /// The train's progress at `now`, which must lie in `isActive`.
    func progress(at now: Double) -> Progress {
        if now < calls[0].departure { return .stopped(at: 0, since: isActive.lowerBound) }
        for index in calls.indices.dropFirst() {
            let previous = calls[index - 1]
            if now < calls[index].arrival { return .running(to: index, since: previous.departure) }
            if now < calls[index].departure { return .stopped(at: index, since: calls[index].arrival) }
        }
        let last = calls.count - 1
        return .stopped(at: last, since: calls[last].arrival)
    }
}
