import TransitEngine

extension Polygon {
    /// The polygon as a zoom level needs it: every ring simplified by Douglas–Peucker to `tolerance` metres,
    /// rings smaller than `minimumArea` square metres dropped (a hole too small to see is land; an outer ring
    /// too small to see is nothing). Nil when the outer ring itself goes.
    public func simplified(tolerance: Double, minimumArea: Double) -> Polygon? {
        let frame = frame
        var kept: [[Coordinate]] = []
        for (index, ring) in rings.enumerated() {
            guard let simple = Self.simplify(ring: ring, tolerance: tolerance),
                  Self.area(of: simple, in: frame) >= minimumArea else {
                if index == 0 { return nil }
                continue
            }
            kept.append(simple)
        }
        return Polygon(rings: kept)
    }

    /// A closed ring simplified, still closed; nil when fewer than three distinct corners remain.
    ///
    /// Douglas–Peucker keeps both ends of a path, and a closed ring's ends are the same point, so the ring is split
    /// at the point farthest from its start and each half simplified on its own: a ring's start can sit on a
    /// straight stretch, and simplifying it as one path would pin that arbitrary point.
    static func simplify(ring: [Coordinate], tolerance: Double) -> [Coordinate]? {
        guard ring.count >= 4 else { return nil }
        let frame = LocalFrame(latitude: ring[0].latitude)
        let start = ring[0]
        var farthest = 0
        var farthestDistance = -1.0
        for (index, point) in ring.enumerated() {
            let distance = frame.displacement(from: start, to: point).length
            if distance > farthestDistance {
                farthestDistance = distance
                farthest = index
            }
        }
        guard farthest > 0, farthest < ring.count - 1 else { return nil }
        let first = DouglasPeucker.simplify(Array(ring[...farthest]), tolerance: tolerance)
        let second = DouglasPeucker.simplify(Array(ring[farthest...]), tolerance: tolerance)
        let closed = first + second.dropFirst()
        return closed.count >= 4 ? closed : nil
    }
}
