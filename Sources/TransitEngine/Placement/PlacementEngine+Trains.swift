extension PlacementEngine {
    /// One train's state and memory, and the shape it was matched to.
    struct TrainPlacement {
        var state: VehicleState?
        var memory: PlacementMemory.Train?
        var match: ShapeMatch?
    }

    func placeTrain(_ report: TrainReport, feed: FeedReport, at now: Double,
                    memory: PlacementMemory.Train?) -> TrainPlacement {
        let profile = network.profile
        let direction = report.direction ?? profile.direction(ofTripID: report.tripID)
            ?? network.trips[report.tripID]?.direction
        let match = memory?.shape ?? network.shape(
            forTrip: report.tripID, routeID: report.routeID, direction: direction,
            stops: (report.vehicleStopID.map { [$0] } ?? []) + report.stopTimes.map(\.stopID), given: report.shapeID)
        var state = VehicleState(
            id: report.vehicleID, kind: network.kind(ofRoute: report.routeID), route: report.routeID,
            label: network.label(ofRoute: report.routeID), trip: report.tripID, direction: direction,
            headsign: report.headsign ?? network.trips[report.tripID]?.headsign
                ?? report.stopTimes.last.flatMap { network.stops[$0.stopID]?.name },
            position: Coordinate(latitude: 0, longitude: 0), bearing: report.bearing ?? 0, status: .unknown,
            age: max(0, now - (report.reportedAt ?? feed.timestamp)), source: .inferred,
            flags: freshnessFlags(feed: feed, at: now), feedTimestamp: feed.wholeSeconds)

        if report.stopTimes.isEmpty, let reportedAt = report.reportedAt, now - reportedAt > settings.finishedTripAge {
            return TrainPlacement(match: match)
        }
        guard let match else {
            // No track to follow: a train that sends coordinates is still drawn where it says; one
            // that does not, from stop to stop by its predictions.
            guard let position = report.position, position.isPlausible else {
                return TrainPlacement(state: placeByStops(report, state: state, at: now))
            }
            state.position = position
            state.source = .gps
            state.status = report.stopStatus == .stoppedAt ? .stopped : .moving
            state.stop = report.vehicleStopID
            return TrainPlacement(state: state)
        }
        let shape = network.shapes[match.shapeIndex]
        let reversedByLabel = shape.direction != nil && direction != nil && shape.direction != direction

        if let position = report.position, position.isPlausible,
           let snapped = shape.grid.nearest(to: position, on: shape.polyline) {
            return placeReportedTrain(report, state: state, snapped: snapped, shape: shape, reversed: reversedByLabel,
                                      match: match, at: now, memory: memory)
        }
        let timeline: TrainTimeline
        if let memory, memory.shape == match, memory.timelineFeedTimestamp == feed.timestamp, let cached = memory.timeline {
            timeline = cached
        } else if let built = TrainTimeline(report: report, feedTimestamp: feed.timestamp, runTimes: feed.runTimes,
                                            shape: shape, reversed: reversedByLabel, memory: memory, settings: settings) {
            timeline = built
        } else {
            return TrainPlacement(match: match)
        }

        let reversed = timeline.isReversed
        let sign = reversed ? -1.0 : 1.0
        let visits = timeline.visits
        var progress: Double
        var remembered = PlacementMemory.Train(tripID: report.tripID, shape: match, distanceAlong: 0,
                                               isReversed: reversed, lastAdvanceAt: now,
                                               timeline: timeline, timelineFeedTimestamp: feed.timestamp)
        // The previous tick's placement, when it is comparable with this one.
        let previous = memory.flatMap { $0.shape == match && $0.isReversed == reversed ? $0 : nil }
        switch timeline.phase(at: now, settings: settings) {
        case .stopped(let index):
            let visit = visits[index]
            progress = visit.progress
            state.status = .stopped
            state.stop = visit.stopID
            state.nextStop = index + 1 < visits.count ? visits[index + 1].stopID : nil
            if let previous {
                progress = max(progress, previous.distanceAlong * sign - settings.maximumBackwardsJump)
            }
            remembered.stopID = visit.stopID
            remembered.arrivedAt = visit.arrive ?? now
            remembered.nextStopID = state.nextStop
            remembered.departedAt = visit.leave
            if timeline.isWaitingAtOrigin(at: now) || report.notStarted { state.flags.insert(.notStarted) }
        case .moving(let index, let fraction):
            let from = visits[index - 1], to = visits[index]
            progress = from.progress + fraction * (to.progress - from.progress)
            if let previous {
                // A later prediction may slow the train down, never send it back.
                progress = min(max(progress, previous.distanceAlong * sign), to.progress)
            }
            state.status = .moving
            state.stop = from.stopID
            state.nextStop = to.stopID
            if let arrive = to.arrive, arrive > now,
               let path = motionPath(on: shape.polyline, from: progress * sign, to: to.progress * sign) {
                state.motion = VehicleState.MotionSegment(path: path, startTime: now, endTime: arrive)
            }
            remembered.stopID = from.stopID
            remembered.arrivedAt = from.arrive
            remembered.nextStopID = to.stopID
            remembered.departedAt = from.leave
        }
        let along = progress * sign
        state.position = shape.polyline.coordinate(atDistance: along) ?? state.position
        if let tangent = shape.polyline.bearing(atDistance: along) {
            state.bearing = reversed ? Bearing.reversed(tangent) : tangent
        }
        remembered.distanceAlong = along
        if let previous, progress <= previous.distanceAlong * sign + 1, previous.stopID == remembered.stopID {
            remembered.lastAdvanceAt = previous.lastAdvanceAt
        }
        if now - remembered.lastAdvanceAt >= settings.stalledAfter { state.flags.insert(.stalled) }
        return TrainPlacement(state: state, memory: remembered, match: match)
    }

    /// A train that reports coordinates: snapped onto its shape, bearing from the shape.
    private func placeReportedTrain(_ report: TrainReport, state: VehicleState, snapped: PolylineProjection,
                                    shape: TransitShape, reversed: Bool, match: ShapeMatch, at now: Double,
                                    memory: PlacementMemory.Train?) -> TrainPlacement {
        var state = state
        state.source = .gps
        state.position = snapped.coordinate
        if let tangent = shape.polyline.bearing(atDistance: snapped.distanceAlong) {
            state.bearing = reversed ? Bearing.reversed(tangent) : tangent
        }
        state.status = report.stopStatus == .stoppedAt ? .stopped : .moving
        let reportTime = report.reportedAt ?? now
        let upcoming = report.stopTimes.first { ($0.arrivalOrDeparture ?? .infinity) >= reportTime }
        state.stop = report.stopStatus == .stoppedAt ? report.vehicleStopID : nil
        state.nextStop = report.stopStatus == .stoppedAt ? upcoming.flatMap { $0.stopID == report.vehicleStopID ? nil : $0.stopID }
            : (report.vehicleStopID ?? upcoming?.stopID)
        var remembered = PlacementMemory.Train(tripID: report.tripID, shape: match, stopID: state.stop,
                                               nextStopID: state.nextStop, distanceAlong: snapped.distanceAlong,
                                               isReversed: reversed, lastAdvanceAt: now)
        if let previous = memory, previous.shape == match, abs(snapped.distanceAlong - previous.distanceAlong) <= 1 {
            remembered.lastAdvanceAt = previous.lastAdvanceAt
        }
        if now - remembered.lastAdvanceAt >= settings.stalledAfter { state.flags.insert(.stalled) }
        return TrainPlacement(state: state, memory: remembered, match: match)
    }
}
