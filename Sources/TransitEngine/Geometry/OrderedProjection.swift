/// Projects a sequence of positions (a trip's stops) onto a polyline so that their distances
/// along it never decrease.
///
/// Projecting each stop on its own goes wrong where a shape passes near a stop twice (loops,
/// terminals that turn back, parallel tracks): the nearest pass is not always the right one.
/// Here every pass within `radius` of a stop is a candidate, and the chosen candidates are
/// the monotone sequence with the smallest total offset from the line (dynamic programming
/// over stops × candidates).
public struct OrderedProjection: Sendable {
    /// How far a pass of the polyline may be from a stop and still count as serving it.
    public var radius: Double
    /// How far backwards one stop may project from the previous one and still count as in order
    /// (two platforms of one station projected onto the same point, rounding).
    public var backwardsTolerance: Double

    public init(radius: Double = 250, backwardsTolerance: Double = 1) {
        self.radius = radius
        self.backwardsTolerance = backwardsTolerance
    }

    /// One projection per position, with non-decreasing `distanceAlong`. A position with no
    /// pass within `radius` takes its nearest point; if even that would run backwards, it is
    /// moved forward to its predecessor's distance. Empty when the polyline is.
    public func project(_ positions: [Coordinate], onto polyline: Polyline, grid: SegmentGrid) -> [PolylineProjection] {
        guard polyline.segmentCount > 0 || polyline.points.count == 1 else { return [] }
        let candidates = positions.map { candidatePasses(of: $0, on: polyline, grid: grid) }
        // cost[i][j]: least total offset of stops 0...i with stop i on candidate j.
        let inOrderPenalty = 1e7
        var cost: [[Double]] = []
        var previous: [[Int]] = []
        for (stop, options) in candidates.enumerated() {
            var stopCost: [Double] = []
            var stopPrevious: [Int] = []
            for option in options {
                guard stop > 0 else {
                    stopCost.append(option.distanceFromLine)
                    stopPrevious.append(-1)
                    continue
                }
                var bestCost = Double.infinity, bestIndex = 0
                for (index, earlier) in candidates[stop - 1].enumerated() {
                    let backwards = earlier.distanceAlong - option.distanceAlong > backwardsTolerance
                    let total = cost[stop - 1][index] + (backwards ? inOrderPenalty : 0)
                    if total < bestCost { bestCost = total; bestIndex = index }
                }
                stopCost.append(bestCost + option.distanceFromLine)
                stopPrevious.append(bestIndex)
            }
            cost.append(stopCost)
            previous.append(stopPrevious)
        }
        guard let lastCosts = cost.last else { return [] }
        var choice = lastCosts.indices.min { lastCosts[$0] < lastCosts[$1] }!
        var chosen: [PolylineProjection] = []
        for stop in stride(from: candidates.count - 1, through: 0, by: -1) {
            chosen.append(candidates[stop][choice])
            choice = previous[stop][choice]
        }
        chosen.reverse()
        for index in chosen.indices.dropFirst() where chosen[index].distanceAlong < chosen[index - 1].distanceAlong {
            let floor = chosen[index - 1].distanceAlong
            var moved = polyline.projection(of: chosen[index].coordinate,
                                            ontoSegment: polyline.segmentIndex(atDistance: floor) ?? 0)
            moved.distanceAlong = floor
            moved.coordinate = polyline.coordinate(atDistance: floor) ?? moved.coordinate
            moved.distanceFromLine = LocalFrame(between: positions[index], moved.coordinate)
                .displacement(from: positions[index], to: moved.coordinate).length
            chosen[index] = moved
        }
        return chosen
    }

    /// The best point of each separate pass of the polyline within `radius` of `position`
    /// (a pass is a run of consecutive segments all within reach), or the nearest point
    /// overall when no pass is that close.
    private func candidatePasses(of position: Coordinate, on polyline: Polyline, grid: SegmentGrid) -> [PolylineProjection] {
        let near = grid.segments(near: position, on: polyline, within: radius)
        var passes: [PolylineProjection] = []
        var runEnd = -2
        for index in near {
            let projection = polyline.projection(of: position, ontoSegment: index)
            if index == runEnd + 1, let last = passes.last {
                if projection.distanceFromLine < last.distanceFromLine { passes[passes.count - 1] = projection }
            } else {
                passes.append(projection)
            }
            runEnd = index
        }
        if passes.isEmpty, let nearest = grid.nearest(to: position, on: polyline) { passes.append(nearest) }
        return passes
    }
}
