/// A path through WGS 84 positions, measured in metres along its length.
///
/// Everything a placement needs is precomputed once: the cumulative arc length at each point,
/// and per segment its metric vector in a frame at the segment's own latitude, so positions,
/// tangents and projections cost a few multiplications each.
public struct Polyline: Sendable {
    /// One straight piece from `points[i]` to `points[i + 1]`.
    @usableFromInline
    struct Segment: Sendable {
        @usableFromInline let start: Coordinate
        @usableFromInline let frame: LocalFrame
        /// The segment as a metric vector from `start`.
        @usableFromInline let vector: Displacement
        @usableFromInline let lengthSquared: Double
    }

    /// The points in order; consecutive duplicates are kept (they make zero-length segments).
    public let points: [Coordinate]
    /// Metres from the first point to each point; same count as `points`.
    public let cumulativeDistances: [Double]
    @usableFromInline let segments: [Segment]

    /// A polyline through `points`; any count, including 0 and 1, is allowed.
    public init(_ points: [Coordinate]) {
        self.points = points
        var segments: [Segment] = []
        var distances: [Double] = []
        segments.reserveCapacity(max(0, points.count - 1))
        distances.reserveCapacity(points.count)
        var total = 0.0
        for (index, point) in points.enumerated() {
            if index > 0 {
                let start = points[index - 1]
                let frame = LocalFrame(between: start, point)
                let vector = frame.displacement(from: start, to: point)
                let lengthSquared = vector.east * vector.east + vector.north * vector.north
                segments.append(Segment(start: start, frame: frame, vector: vector, lengthSquared: lengthSquared))
                total += lengthSquared.squareRoot()
            }
            distances.append(total)
        }
        self.segments = segments
        self.cumulativeDistances = distances
    }

    /// Total length in metres (0 for fewer than two points).
    public var length: Double { cumulativeDistances.last ?? 0 }

    /// Number of straight pieces (`points.count - 1`, or 0).
    public var segmentCount: Int { segments.count }

    /// The segment that contains `distance` metres from the start (clamped to the ends);
    /// nil when there are no segments.
    public func segmentIndex(atDistance distance: Double) -> Int? {
        guard !segments.isEmpty else { return nil }
        // Binary search for the last point at or before `distance`.
        var low = 0, high = points.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if cumulativeDistances[middle] <= distance { low = middle } else { high = middle }
        }
        return min(low, segments.count - 1)
    }

    /// The position `distance` metres from the start, clamped to the ends; nil when empty.
    public func coordinate(atDistance distance: Double) -> Coordinate? {
        guard let first = points.first else { return nil }
        guard let index = segmentIndex(atDistance: distance) else { return first }
        return coordinate(onSegment: index, atDistance: distance)
    }

    @usableFromInline
    func coordinate(onSegment index: Int, atDistance distance: Double) -> Coordinate {
        let segment = segments[index]
        guard segment.lengthSquared > 0 else { return segment.start }
        let length = segment.lengthSquared.squareRoot()
        let fraction = min(1, max(0, (distance - cumulativeDistances[index]) / length))
        return segment.frame.coordinate(
            from: segment.start,
            moving: Displacement(east: segment.vector.east * fraction, north: segment.vector.north * fraction))
    }

    /// The direction of travel from start to end at `distance` metres, in degrees clockwise
    /// from north: the bearing of the segment there, or of the nearest segment with a length
    /// when that one is degenerate. Nil when the polyline has no length.
    public func bearing(atDistance distance: Double) -> Double? {
        guard let index = segmentIndex(atDistance: distance) else { return nil }
        if let bearing = segments[index].vector.bearing { return bearing }
        for offset in 1..<max(1, segments.count) {
            if index + offset < segments.count, let bearing = segments[index + offset].vector.bearing { return bearing }
            if index - offset >= 0, let bearing = segments[index - offset].vector.bearing { return bearing }
        }
        return nil
    }

    /// The path from `from` to `to` metres along (both clamped to the ends), including the
    /// interpolated end positions and every point strictly between. When `from > to` the path
    /// runs backwards. Empty when the polyline is empty.
    public func slice(from: Double, to: Double) -> [Coordinate] {
        guard points.count > 1 else { return points }
        let low = min(max(0, min(from, to)), length)
        let high = min(max(0, max(from, to)), length)
        let lowIndex = segmentIndex(atDistance: low)!
        let highIndex = segmentIndex(atDistance: high)!
        var path: [Coordinate] = [coordinate(onSegment: lowIndex, atDistance: low)]
        path.reserveCapacity(highIndex - lowIndex + 2)
        if lowIndex < highIndex {
            for index in (lowIndex + 1)...highIndex where cumulativeDistances[index] > low && cumulativeDistances[index] < high {
                path.append(points[index])
            }
        }
        path.append(coordinate(onSegment: highIndex, atDistance: high))
        return from <= to ? path : path.reversed()
    }
}
