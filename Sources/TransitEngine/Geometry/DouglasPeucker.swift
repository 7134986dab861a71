/// Douglas–Peucker simplification: the fewest points of a path such that no dropped point is
/// farther than `tolerance` metres from the simplified path.
///
/// Motion segments go over the wire every time a train's prediction changes; a 2 m tolerance
/// keeps them a handful of points while staying on the drawn track.
public enum DouglasPeucker {
    /// The kept points of `path`, in order, always including both ends.
    public static func simplify(_ path: [Coordinate], tolerance: Double) -> [Coordinate] {
        guard path.count > 2 else { return path }
        let frame = LocalFrame(latitude: path[path.count / 2].latitude)
        let origin = path[0]
        let planar = path.map { frame.displacement(from: origin, to: $0) }
        var keep = [Bool](repeating: false, count: path.count)
        keep[0] = true
        keep[path.count - 1] = true
        let toleranceSquared = tolerance * tolerance
        var pending: [(Int, Int)] = [(0, path.count - 1)]
        while let (first, last) = pending.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first
            var farthestSquared = -1.0
            for index in (first + 1)..<last {
                let squared = squaredDistance(planar[index], planar[first], planar[last])
                if squared > farthestSquared {
                    farthestSquared = squared
                    farthest = index
                }
            }
            if farthestSquared > toleranceSquared {
                keep[farthest] = true
                pending.append((first, farthest))
                pending.append((farthest, last))
            }
        }
        return path.indices.compactMap { keep[$0] ? path[$0] : nil }
    }

    /// Squared distance from `p` to the segment `a`–`b` (not the infinite line, so hairpins
    /// and paths that double back are measured correctly).
    private static func squaredDistance(_ p: Displacement, _ a: Displacement, _ b: Displacement) -> Double {
        let abEast = b.east - a.east, abNorth = b.north - a.north
        let apEast = p.east - a.east, apNorth = p.north - a.north
        let lengthSquared = abEast * abEast + abNorth * abNorth
        var fraction = 0.0
        if lengthSquared > 0 { fraction = min(1, max(0, (apEast * abEast + apNorth * abNorth) / lengthSquared)) }
        let east = apEast - fraction * abEast, north = apNorth - fraction * abNorth
        return east * east + north * north
    }
}
