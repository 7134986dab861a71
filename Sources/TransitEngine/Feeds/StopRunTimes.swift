/// For each pair of consecutive stops seen in a feed's predictions, the stop before and the
/// typical time from leaving it to reaching the next.
///
/// NYC's trip updates list only the stops ahead and the static feed has no stop_times, so a
/// train seen for the first time has no known previous stop. Trains further back on the same
/// line have both stops in their predictions: the median of their gaps is the run time.
public struct StopRunTimes: Sendable {
    /// A stop before another, and the median seconds from departing it to arriving there.
    public struct Leg: Hashable, Sendable {
        public var previousStopID: String
        public var seconds: Double
    }

    private struct Key: Hashable {
        var route: String
        var stop: String
    }

    private let legs: [Key: Leg]

    public init(_ trains: [TrainReport]) {
        var samples: [Key: [String: [Double]]] = [:]
        for train in trains {
            for (from, to) in zip(train.stopTimes, train.stopTimes.dropFirst()) {
                guard let leave = from.departureOrArrival, let reach = to.arrivalOrDeparture, reach >= leave else { continue }
                samples[Key(route: train.routeID, stop: to.stopID), default: [:]][from.stopID, default: []].append(reach - leave)
            }
        }
        var legs: [Key: Leg] = [:]
        for (key, byPrevious) in samples {
            // The most often seen predecessor wins (a branch point has several).
            guard let (previous, gaps) = byPrevious.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }) else { continue }
            let sorted = gaps.sorted()
            legs[key] = Leg(previousStopID: previous, seconds: sorted[sorted.count / 2])
        }
        self.legs = legs
    }

    /// The usual stop before `stopID` on `routeID`, and the run time from it.
    public func leg(to stopID: String, route routeID: String) -> Leg? {
        legs[Key(route: routeID, stop: stopID)]
    }
}
