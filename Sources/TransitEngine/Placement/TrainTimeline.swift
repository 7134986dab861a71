/// A train's stops from the one it is at or last left, with when it reaches and leaves each,
/// and where each lies along its shape: what placement reads the train's position off at
/// any instant.
///
/// Times come from the trip update (exact), the previous stop from the feed, the train's
/// memory, or the run times other trains on the line predict, in that order.
struct TrainTimeline: Hashable, Sendable {
    /// One stop of the timeline.
    struct Visit: Hashable, Sendable {
        var stopID: String
        /// Metres along the shape, in the direction of travel (negated when the train runs
        /// against its shape's drawing direction).
        var progress: Double
        var arrive: Double?
        var leave: Double?
    }

    /// Where the train is at one instant.
    enum Phase {
        /// Standing at `visits[index]`.
        case stopped(Int)
        /// Between `visits[index - 1]` and `visits[index]`, `fraction` of the way.
        case moving(Int, fraction: Double)
    }

    var visits: [Visit]
    /// Whether the train runs from the end of its shape towards the start.
    var isReversed: Bool
    /// Whether the first visit is a stop the train has reached or left (rather than the
    /// first one it is still heading for).
    var hasAnchor: Bool

    /// Builds the timeline of `report` on `shape`; nil when none of its stops lie on the shape.
    init?(report: TrainReport, feedTimestamp: Double, runTimes: StopRunTimes, shape: TransitShape,
          reversed: Bool, memory: PlacementMemory.Train?, settings: PlacementSettings) {
        let predictions = report.stopTimes
        let reportTime = report.reportedAt ?? feedTimestamp
        var anchor: StopTimePrediction?
        var upcoming: ArraySlice<StopTimePrediction>

        if report.stopStatus == .stoppedAt, let stop = report.vehicleStopID {
            let index = predictions.firstIndex { $0.stopID == stop }
            let predicted = index.map { predictions[$0] }
            let arrived = memory?.stopID == stop ? memory?.arrivedAt : nil
            let arrivedAt = arrived ?? [predicted?.arrival, report.reportedAt].compactMap { $0 }.min() ?? feedTimestamp
            var leave = arrivedAt + settings.dwell
            if let departure = predicted?.departure, departure > (predicted?.arrival ?? arrivedAt) { leave = departure }
            // The feed says it is still there when the feed was written.
            leave = max(leave, feedTimestamp)
            anchor = StopTimePrediction(stopID: stop, arrival: arrivedAt, departure: leave)
            upcoming = index.map { predictions[($0 + 1)...] } ?? predictions[...].drop { ($0.arrivalOrDeparture ?? .infinity) <= arrivedAt }
            // Predictions that have it at the next stop before it left this one are stale (a
            // held train): keep their run time but start it from the real departure.
            if let nextArrival = upcoming.first?.arrivalOrDeparture, nextArrival < leave {
                let predictedRun = predicted?.departureOrArrival.map { nextArrival - $0 }.flatMap { $0 > 0 ? $0 : nil }
                let run = predictedRun ?? runTimes.leg(to: upcoming.first!.stopID, route: report.routeID)?.seconds ?? settings.lateArrivalAllowance
                upcoming = Self.delayed(upcoming, by: leave + run - nextArrival)
            }
        } else {
            let next = report.vehicleStopID.flatMap { stop in predictions.firstIndex { $0.stopID == stop } }
                ?? predictions.firstIndex { Self.isAhead($0, at: reportTime) }
                ?? (predictions.isEmpty ? nil : predictions.count - 1)
            if let next {
                upcoming = predictions[next...]
                // Still on its way when the feed was written, whatever the prediction says.
                if report.vehicleStopID == predictions[next].stopID, let arrival = predictions[next].arrivalOrDeparture,
                   arrival < feedTimestamp {
                    upcoming = Self.delayed(upcoming, by: feedTimestamp + settings.lateArrivalAllowance - arrival)
                }
                if report.notStarted {
                    anchor = nil
                } else if next > 0 {
                    anchor = predictions[next - 1]
                } else if let memory, memory.nextStopID == predictions[next].stopID, let stop = memory.stopID {
                    anchor = StopTimePrediction(stopID: stop, arrival: memory.arrivedAt, departure: memory.departedAt)
                } else if let leg = runTimes.leg(to: predictions[next].stopID, route: report.routeID),
                          let arrival = predictions[next].arrivalOrDeparture {
                    anchor = StopTimePrediction(stopID: leg.previousStopID, departure: arrival - leg.seconds)
                }
                // The report says the train is past its previous stop, so it left by then.
                if var left = anchor, let departure = left.departureOrArrival, departure > reportTime {
                    left.departure = reportTime
                    anchor = left
                }
            } else if let stop = report.vehicleStopID {
                upcoming = [StopTimePrediction(stopID: stop)]
            } else {
                return nil
            }
        }

        var onShape: [(stop: StopTimePrediction, passes: [PolylineProjection])] = []
        onShape.reserveCapacity(settings.stopsAhead + 1)
        for stop in (anchor.map { [$0] } ?? []) + upcoming.prefix(settings.stopsAhead) {
            if let passes = shape.stopPasses[stop.stopID] { onShape.append((stop, passes)) }
        }
        guard !onShape.isEmpty else { return nil }
        // Which way the train runs along the shape: the way its stops come in order. Labels
        // alone can mislead (a shape drawn against its trips' direction, a borrowed shape);
        // they decide only when a single stop cannot.
        let ordering = OrderedProjection()
        func oriented(_ sign: Double) -> (chosen: [PolylineProjection], cost: Double) {
            ordering.bestInOrder(onShape.map { entry in
                sign > 0 ? entry.passes : entry.passes.map { pass in
                    var oriented = pass
                    oriented.distanceAlong = -pass.distanceAlong
                    return oriented
                }
            })
        }
        var chosen = oriented(reversed ? -1 : 1)
        var isReversed = reversed
        if onShape.count > 1 && chosen.cost >= OrderedProjection.backwardsPenalty {
            let other = oriented(reversed ? 1 : -1)
            if other.cost < chosen.cost {
                chosen = other
                isReversed = !reversed
            }
        }
        self.isReversed = isReversed
        var visits: [Visit] = []
        var furthest = -Double.infinity
        for ((stop, _), pass) in zip(onShape, chosen.chosen) {
            furthest = max(furthest, pass.distanceAlong)
            visits.append(Visit(stopID: stop.stopID, progress: furthest, arrive: stop.arrivalOrDeparture,
                                leave: stop.departureOrArrival))
        }
        let hasAnchor = anchor.map { first in onShape[0].stop.stopID == first.stopID } ?? false
        // A stop ahead without its own departure keeps the train for the dwell, but never for
        // more than half the time to the next arrival (the prediction already includes the
        // stop). The anchor's departure is already settled above.
        for index in visits.indices.dropFirst(hasAnchor ? 1 : 0) {
            guard let arrive = visits[index].arrive, visits[index].leave.map({ $0 <= arrive }) ?? true else { continue }
            var leave = arrive + settings.dwell
            if index + 1 < visits.count, let nextArrive = visits[index + 1].arrive {
                leave = min(leave, arrive + max(0, nextArrive - arrive) / 2)
            }
            visits[index].leave = leave
        }
        self.visits = visits
        self.hasAnchor = hasAnchor
    }

    /// Whether a stop is still ahead of a train reported at `time`: it arrives then or later, or,
    /// for a stop with a departure only (the origin, a stop event just passed), leaves later.
    private static func isAhead(_ stop: StopTimePrediction, at time: Double) -> Bool {
        if let arrival = stop.arrival { return arrival >= time }
        return (stop.departure ?? .infinity) > time
    }

    /// `stops` with every time moved `seconds` later.
    private static func delayed(_ stops: ArraySlice<StopTimePrediction>, by seconds: Double) -> ArraySlice<StopTimePrediction> {
        ArraySlice(stops.map { stop in
            StopTimePrediction(stopID: stop.stopID, arrival: stop.arrival.map { $0 + seconds },
                               departure: stop.departure.map { $0 + seconds })
        })
    }

    /// Where the train is at `now`. Times that are missing fall back to the app's rule:
    /// after the dwell, `unpredictedFraction` of the way to the next stop.
    func phase(at now: Double, settings: PlacementSettings) -> Phase {
        guard hasAnchor else { return .stopped(0) }
        if let leave = visits[0].leave, now < leave { return .stopped(0) }
        for index in visits.indices.dropFirst() {
            let visit = visits[index]
            guard let arrive = visit.arrive else {
                return .moving(index, fraction: settings.unpredictedFraction)
            }
            if now < arrive {
                guard let left = visits[index - 1].leave, arrive > left else {
                    return .moving(index, fraction: settings.unpredictedFraction)
                }
                return .moving(index, fraction: min(1, max(0, (now - left) / (arrive - left))))
            }
            if let leave = visit.leave, now < leave { return .stopped(index) }
        }
        return .stopped(visits.count - 1)
    }

    /// Whether the train has not reached its first stop and its first time lies ahead: a
    /// trip waiting at its origin.
    func isWaitingAtOrigin(at now: Double) -> Bool {
        !hasAnchor && (visits[0].arrive ?? visits[0].leave ?? now) > now
    }
}
