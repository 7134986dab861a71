/// Where a position falls on a polyline: the nearest point of one segment.
public struct PolylineProjection: Hashable, Sendable {
    /// The segment the nearest point lies on.
    public var segmentIndex: Int
    /// Metres along the polyline from its start to the nearest point.
    public var distanceAlong: Double
    /// Metres from the position to the nearest point (its offset from the line).
    public var distanceFromLine: Double
    /// The nearest point itself.
    public var coordinate: Coordinate

    public init(segmentIndex: Int, distanceAlong: Double, distanceFromLine: Double, coordinate: Coordinate) {
        self.segmentIndex = segmentIndex
        self.distanceAlong = distanceAlong
        self.distanceFromLine = distanceFromLine
        self.coordinate = coordinate
    }
}

extension Polyline {
    /// The squared metric distance from `position` to segment `index`, and the fraction of the
    /// segment at the nearest point. The hot loop of every nearest-segment search.
    @inlinable
    func squaredDistance(from position: Coordinate, toSegment index: Int) -> (squared: Double, fraction: Double) {
        let segment = segments[index]
        let offset = segment.frame.displacement(from: segment.start, to: position)
        var fraction = 0.0
        if segment.lengthSquared > 0 {
            fraction = (offset.east * segment.vector.east + offset.north * segment.vector.north) / segment.lengthSquared
            fraction = min(1, max(0, fraction))
        }
        let east = offset.east - fraction * segment.vector.east
        let north = offset.north - fraction * segment.vector.north
        return (east * east + north * north, fraction)
    }

    /// The projection of `position` onto segment `index`.
    public func projection(of position: Coordinate, ontoSegment index: Int) -> PolylineProjection {
        let (squared, fraction) = squaredDistance(from: position, toSegment: index)
        let along = cumulativeDistances[index] + fraction * segments[index].lengthSquared.squareRoot()
        return PolylineProjection(segmentIndex: index, distanceAlong: along, distanceFromLine: squared.squareRoot(),
                                  coordinate: coordinate(onSegment: index, atDistance: along))
    }

    /// The nearest point to `position` among the segments in `range` (all by default), found
    /// by testing each one. Nil when there are no segments. A polyline of one point projects
    /// onto that point. For repeated queries on long polylines use a `SegmentGrid`.
    public func project(_ position: Coordinate, segments range: Range<Int>? = nil) -> PolylineProjection? {
        if points.count == 1 {
            return PolylineProjection(segmentIndex: 0, distanceAlong: 0,
                                      distanceFromLine: LocalFrame(between: points[0], position)
                                        .displacement(from: points[0], to: position).length,
                                      coordinate: points[0])
        }
        let range = (range ?? 0..<segments.count).clamped(to: 0..<segments.count)
        var best = -1
        var bestSquared = Double.infinity
        for index in range {
            let squared = squaredDistance(from: position, toSegment: index).squared
            if squared < bestSquared {
                bestSquared = squared
                best = index
            }
        }
        return best < 0 ? nil : projection(of: position, ontoSegment: best)
    }
}
