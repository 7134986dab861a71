extension Network {
    /// The shape a realtime trip runs on: the shape the feed names (`given`: `trip_properties.shape_id`)
    /// where the network has it and it passes one of `stops` (a detour's shape still passes some; a
    /// shape far from every stop the trip reports cannot place it, so the vehicle is not lost to a
    /// wrong id); else its static trip's `shape_id`; else the shape its id
    /// names (NYCT); else, among the shapes of its route and direction (then of routes it
    /// shares track with, then of its route in any direction), the one passing the most of
    /// `stops`, the stop ids it reports next. Nil when the network has nothing for the route.
    public func shape(forTrip tripID: String, routeID: String, direction: String?, stops: [String],
                      given: String? = nil) -> ShapeMatch? {
        if let given, let index = shapeIndex[given],
           stops.isEmpty || stops.prefix(12).contains(where: { shapes[index].stopPasses[$0] != nil }) {
            return ShapeMatch(shapeIndex: index, quality: .exact)
        }
        if let shapeID = trips[tripID]?.shapeID, let index = shapeIndex[shapeID] {
            return ShapeMatch(shapeIndex: index, quality: .exact)
        }
        for shapeID in profile.shapeIDs(namedByTripID: tripID) {
            if let index = shapeIndex[shapeID] { return ShapeMatch(shapeIndex: index, quality: .exact) }
        }
        let direction = direction ?? trips[tripID]?.direction ?? profile.direction(ofTripID: tripID)
        for route in [routeID] + profile.routeAliases(of: routeID) {
            if let direction, let candidates = shapesByRouteDirection[RouteDirection(route: route, direction: direction)],
               let best = bestShape(among: candidates, passing: stops) {
                return ShapeMatch(shapeIndex: best, quality: .fallback)
            }
        }
        for route in [routeID] + profile.routeAliases(of: routeID) {
            if let candidates = shapesByRoute[route], let best = bestShape(among: candidates, passing: stops) {
                return ShapeMatch(shapeIndex: best, quality: .fallback)
            }
        }
        return nil
    }

    /// The candidate passing the most of `stops` (in order counts more than out of order),
    /// the longest on a tie, so a branch's trips find the branch.
    private func bestShape(among candidates: [Int], passing stops: [String]) -> Int? {
        var best: Int?
        var bestScore = (-1, -1.0)
        for index in candidates {
            let shape = shapes[index]
            var passed = 0
            var lastAlong = -Double.infinity
            for stop in stops.prefix(12) {
                guard let along = shape.stopPasses[stop]?.first(where: { $0.distanceAlong >= lastAlong })?.distanceAlong
                else { continue }
                passed += 1
                lastAlong = along
            }
            let score = (passed, shape.polyline.length)
            if score > bestScore {
                bestScore = score
                best = index
            }
        }
        return best
    }
}
