extension PlacementEngine {
    /// A trip with no shape to follow (an `ADDED` trip of a route without shapes, a network without
    /// `shapes.txt`) placed by its stops alone: standing at its origin until it departs, or at the
    /// stop whose predicted arrival and departure bracket `now`; else on the straight line between
    /// the stop it left and the next, as far along as the time between their predictions says,
    /// moving towards the next by its predicted arrival. Nil once it has left its last stop, or
    /// when fewer than two of its stops have positions and times.
    func placeByStops(_ report: TrainReport, state: VehicleState, at now: Double) -> VehicleState? {
        let calls = report.stopTimes.compactMap { prediction -> (stop: String, at: Coordinate, arrival: Double, departure: Double)? in
            guard let stop = network.stops[prediction.stopID], let arrival = prediction.arrivalOrDeparture,
                  let departure = prediction.departureOrArrival else { return nil }
            return (prediction.stopID, stop.coordinate, arrival, max(arrival, departure))
        }
        guard calls.count >= 2, let next = calls.firstIndex(where: { $0.departure > now }) else { return nil }
        var state = state
        state.source = .inferred
        let call = calls[next]
        if next == 0 || now >= call.arrival {
            // At its origin before departure, or standing at the stop between arrival and departure.
            state.position = call.at
            state.status = .stopped
            state.stop = call.stop
            state.nextStop = next + 1 < calls.count ? calls[next + 1].stop : nil
            let ahead = next + 1 < calls.count ? calls[next + 1].at : nil
            state.bearing = ahead.flatMap { LocalFrame(between: call.at, $0).displacement(from: call.at, to: $0).bearing } ?? state.bearing
            return state
        }
        let left = calls[next - 1]
        let frame = LocalFrame(between: left.at, call.at)
        let step = frame.displacement(from: left.at, to: call.at)
        let fraction = call.arrival > left.departure ? min(1, max(0, (now - left.departure) / (call.arrival - left.departure))) : 1
        state.position = frame.coordinate(from: left.at, moving: Displacement(east: step.east * fraction, north: step.north * fraction))
        state.bearing = step.bearing ?? state.bearing
        state.status = .moving
        state.stop = left.stop
        state.nextStop = call.stop
        state.motion = VehicleState.MotionSegment(path: [state.position, call.at], startTime: now, endTime: call.arrival)
        return state
    }
}
