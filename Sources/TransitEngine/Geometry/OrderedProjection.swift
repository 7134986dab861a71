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
        let candidates = positions.map { position -> [PolylineProjection] in
            let found = passes(of: position, on: polyline, grid: grid)
            if found.isEmpty, let nearest = grid.nearest(to: position, on: polyline) { return [nearest] }
            return found
        }
        var chosen = chooseInOrder(candidates)
        for index in chosen.indices.dropFirst() where chosen[index].distanceAlong < chosen[index - 1].distanceAlong {
            let floor = chosen[index - 1].distanceAlong
            let moved = polyline.coordinate(atDistance: floor) ?? chosen[index].coordinate
            chosen[index] = PolylineProjection(
                segmentIndex: polyline.segmentIndex(atDistance: floor) ?? 0, distanceAlong: floor,
                distanceFromLine: LocalFrame(between: positions[index], moved).displacement(from: positions[index], to: moved).length,
                coordinate: moved)
        }
        return chosen
    }

    /// One candidate per position (each list must be non-empty): the sequence whose distances
    /// along never run backwards by more than `backwardsTolerance` with the least total offset,
    /// or, when no such sequence exists, the one with the fewest backward steps.
    public func chooseInOrder(_ candidates: [[PolylineProjection]]) -> [PolylineProjection] {
        bestInOrder(candidates).chosen
    }

    /// What one step backwards adds to the cost of a choice: 10,000 km, more than any offset.
    public static let backwardsPenalty = 1e7

    /// `chooseInOrder` with the cost of its choice: the total offset, plus `backwardsPenalty`
    /// for every step backwards, so comparing costs compares first how well the order fits.
    public func bestInOrder(_ candidates: [[PolylineProjection]]) -> (chosen: [PolylineProjection], cost: Double) {
        guard !candidates.isEmpty, candidates.allSatisfy({ !$0.isEmpty }) else { return ([], .infinity) }
        // The common case, one pass per stop, needs no search.
        if candidates.allSatisfy({ $0.count == 1 }) {
            var cost = 0.0
            for (index, options) in candidates.enumerated() {
                cost += options[0].distanceFromLine
                if index > 0 && candidates[index - 1][0].distanceAlong - options[0].distanceAlong > backwardsTolerance {
                    cost += Self.backwardsPenalty
                }
            }
            return (candidates.map { $0[0] }, cost)
        }
        // cost[i][j]: least total offset of positions 0...i with position i on candidate j.
        let backwardsPenalty = Self.backwardsPenalty
        var cost: [[Double]] = [candidates[0].map(\.distanceFromLine)]
        var previous: [[Int]] = [Array(repeating: -1, count: candidates[0].count)]
        for stop in candidates.indices.dropFirst() {
            var stopCost: [Double] = []
            var stopPrevious: [Int] = []
            for option in candidates[stop] {
                var bestCost = Double.infinity, bestIndex = 0
                for (index, earlier) in candidates[stop - 1].enumerated() {
                    let backwards = earlier.distanceAlong - option.distanceAlong > backwardsTolerance
                    let total = cost[stop - 1][index] + (backwards ? backwardsPenalty : 0)
                    if total < bestCost { bestCost = total; bestIndex = index }
                }
                stopCost.append(bestCost + option.distanceFromLine)
                stopPrevious.append(bestIndex)
            }
            cost.append(stopCost)
            previous.append(stopPrevious)
        }
        let lastCosts = cost[cost.count - 1]
        var choice = lastCosts.indices.min { lastCosts[$0] < lastCosts[$1] }!
        let total = lastCosts[choice]
        var chosen: [PolylineProjection] = []
        for stop in candidates.indices.reversed() {
            chosen.append(candidates[stop][choice])
            choice = previous[stop][choice]
        }
        return (chosen.reversed(), total)
    }

    /// The best point of each separate pass of the polyline within `radius` of `position` (a
    /// pass is a run of consecutive segments all within reach), in order along the polyline.
    public func passes(of position: Coordinate, on polyline: Polyline, grid: SegmentGrid) -> [PolylineProjection] {
        guard grid.nearest(to: position, on: polyline, within: radius) != nil else { return [] }
        var passes: [PolylineProjection] = []
        var runEnd = -2
        for index in grid.segments(near: position, on: polyline, within: radius) {
            let projection = polyline.projection(of: position, ontoSegment: index)
            if index == runEnd + 1, let last = passes.last {
                if projection.distanceFromLine < last.distanceFromLine { passes[passes.count - 1] = projection }
            } else {
                passes.append(projection)
            }
            runEnd = index
        }
        return passes
    }
}
