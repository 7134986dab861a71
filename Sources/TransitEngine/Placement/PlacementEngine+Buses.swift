extension PlacementEngine {
    /// One bus's state and memory.
    struct BusPlacement {
        var state: VehicleState
        var memory: PlacementMemory.Bus?
    }

    /// Snaps a bus onto its journey pattern's shape (or the nearest shape of its route), then
    /// dead-reckons it along the shape from when it reported: at its recent speed, never past
    /// its next stop nor more than the cap, and not at all while it is held.
    func placeBus(_ report: BusReport, feed: FeedReport, at now: Double, memory: PlacementMemory.Bus?) -> BusPlacement {
        let recordedAt = report.recordedAt ?? feed.timestamp
        // Shapes carry the profile's direction labels; the wire keeps the bus's own `0`/`1`.
        let direction = report.direction.map { network.profile.direction(forDirectionID: $0) }
        var state = VehicleState(
            id: report.vehicleID, kind: .bus, route: report.routeID, label: network.label(ofRoute: report.routeID), trip: report.tripID, direction: report.direction,
            headsign: report.headsign, position: report.position, bearing: report.bearing ?? 0,
            status: report.isHeld ? .stopped : .moving, nextStop: report.nextStopID,
            age: max(0, now - recordedAt), source: .gps, flags: freshnessFlags(feed: feed, at: now),
            feedTimestamp: feed.wholeSeconds)
        guard report.position.isPlausible,
              let (index, snapped, exact) = snap(report, direction: direction, previous: memory) else {
            return BusPlacement(state: state)
        }
        let shape = network.shapes[index]
        var along = snapped.distanceAlong
        // The AVL system's own distance along the pattern is better than a projection at
        // crossings and loops, when it refers to this very shape and agrees roughly.
        if exact, let reported = report.distanceAlongRoute, abs(reported - along) < 150 {
            along = min(max(0, reported), shape.polyline.length)
        }
        var speed = settings.busSpeed
        var measured: Double?
        if let previous = memory, previous.shapeIndex == index {
            measured = previous.speed
            if recordedAt > previous.recordedAt {
                let observed = (along - previous.reportedAlong) / (recordedAt - previous.recordedAt)
                if observed >= 0 && observed < 25 { measured = observed }
            }
            speed = measured ?? speed
        }
        var advance = report.isHeld ? 0 : min(speed * max(0, now - recordedAt), settings.busDeadReckoningCap)
        // A borrowed shape may be drawn the other way round; the bus's own bearing says so.
        let tangent = shape.polyline.bearing(atDistance: along)
        let reversed = !exact && tangent != nil && report.bearing.map { Bearing.difference($0, tangent!) > 120 } == true
        if reversed {
            advance = min(advance, along)
        } else if let nextStop = nextStopAlong(report, on: shape, exact: exact, from: along) {
            advance = min(advance, max(0, nextStop - along))
        }
        let placed = reversed ? along - advance : min(along + advance, shape.polyline.length)
        state.position = shape.polyline.coordinate(atDistance: placed) ?? report.position
        if let placedTangent = shape.polyline.bearing(atDistance: placed) {
            state.bearing = reversed ? Bearing.reversed(placedTangent) : placedTangent
        }
        var lastAdvanceAt = now
        if let previous = memory, previous.shapeIndex == index, abs(placed - previous.placedAlong) <= 1 {
            lastAdvanceAt = previous.lastAdvanceAt
        }
        if now - lastAdvanceAt >= settings.stalledAfter && !report.isHeld { state.flags.insert(.stalled) }
        return BusPlacement(state: state, memory: PlacementMemory.Bus(
            shapeIndex: index, isExactShape: exact, reportedAlong: along, recordedAt: recordedAt, speed: measured,
            lastAdvanceAt: lastAdvanceAt, placedAlong: placed))
    }

    /// The shape the bus is on and its projection: the journey pattern's own shape when the
    /// network has it, else the nearest shape of its route (its direction first) within the
    /// snap radius.
    /// The shape of the previous tick, when still close, is kept: it saves searching every
    /// shape of the route on every tick, and keeps a bus from flickering between two shapes.
    private func snap(_ report: BusReport, direction: String?, previous: PlacementMemory.Bus?) -> (Int, PolylineProjection, exact: Bool)? {
        let candidates = network.shapesByRoute[report.routeID] ?? []
        // Every shape a route's trips use is among its candidates: no candidates, no shape.
        guard !candidates.isEmpty else { return nil }
        if let previous, network.shapes[previous.shapeIndex].routeID == report.routeID {
            let shape = network.shapes[previous.shapeIndex]
            let reach = previous.isExactShape ? settings.busSnapRadius : settings.busSnapRadius / 2
            if let snapped = shape.grid.nearest(to: report.position, on: shape.polyline, within: reach) {
                return (previous.shapeIndex, snapped, previous.isExactShape)
            }
        }
        let exactShape = report.shapeID.flatMap { network.shapeIndex[$0] }
            ?? report.tripID.flatMap { network.trips[$0]?.shapeID }.flatMap { network.shapeIndex[$0] }
        if let index = exactShape {
            let shape = network.shapes[index]
            if let snapped = shape.grid.nearest(to: report.position, on: shape.polyline, within: settings.busSnapRadius) {
                return (index, snapped, true)
            }
        }
        var best: (Int, PolylineProjection)?
        for preferDirection in [true, false] {
            for index in candidates where !preferDirection || network.shapes[index].direction == direction {
                let shape = network.shapes[index]
                let limit = best?.1.distanceFromLine ?? settings.busSnapRadius
                if let snapped = shape.grid.nearest(to: report.position, on: shape.polyline, within: limit),
                   best == nil || snapped.distanceFromLine < best!.1.distanceFromLine {
                    best = (index, snapped)
                }
            }
            if best != nil || direction == nil { break }
        }
        return best.map { ($0.0, $0.1, false) }
    }

    /// Metres along `shape` of the bus's next stop, when known and ahead of it.
    private func nextStopAlong(_ report: BusReport, on shape: TransitShape, exact: Bool, from along: Double) -> Double? {
        if exact, let distance = report.nextStopDistanceAlongRoute, distance >= along { return distance }
        guard let stop = report.nextStopID, let passes = shape.stopPasses[stop] else { return nil }
        return passes.first { $0.distanceAlong >= along - 10 }?.distanceAlong
    }
}
