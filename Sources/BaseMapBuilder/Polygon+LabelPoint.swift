import TransitEngine

extension Polygon {
    /// Where the polygon's name goes: the point inside it farthest from every edge (its pole of
    /// inaccessibility), found to within `precision` metres.
    ///
    /// A centroid can fall outside a crescent or an L-shaped neighbourhood, and on a hole (a park inside a
    /// neighbourhood); this point never does. The search is the usual quadtree of square cells: a cell is split
    /// only while the best distance any point in it could reach beats the best found so far.
    public func labelPoint(precision: Double = 10) -> Coordinate? {
        guard let outer = rings.first, outer.count >= 4 else { return nil }
        let frame = frame
        let origin = outer[0]
        let planar = rings.map { ring in ring.map { frame.displacement(from: origin, to: $0) } }
        let easts = planar[0].map(\.east), norths = planar[0].map(\.north)
        guard let minEast = easts.min(), let maxEast = easts.max(), let minNorth = norths.min(), let maxNorth = norths.max() else {
            return nil
        }
        let size = min(maxEast - minEast, maxNorth - minNorth)
        guard size > 0 else { return nil }

        var best = Cell(east: (minEast + maxEast) / 2, north: (minNorth + maxNorth) / 2, half: 0, rings: planar)
        var pending = CellQueue()
        var east = minEast
        while east < maxEast {
            var north = minNorth
            while north < maxNorth {
                pending.push(Cell(east: east + size / 2, north: north + size / 2, half: size / 2, rings: planar))
                north += size
            }
            east += size
        }
        while let cell = pending.popBest() {
            if cell.distance > best.distance { best = cell }
            // The queue yields the most promising cell first, so once it cannot beat the best, none can.
            guard cell.potential - best.distance > precision else { break }
            let quarter = cell.half / 2
            for (de, dn) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                pending.push(Cell(east: cell.east + de * quarter, north: cell.north + dn * quarter, half: quarter, rings: planar))
            }
        }
        guard best.distance > 0 else { return nil }
        return frame.coordinate(from: origin, moving: Displacement(east: best.east, north: best.north))
    }
}

/// One square of the label search: its centre's signed distance to the polygon's edges (negative outside) and
/// the most any point of the square could have.
private struct Cell {
    let east: Double
    let north: Double
    let half: Double
    let distance: Double
    var potential: Double { distance + half * 2.squareRoot() }

    init(east: Double, north: Double, half: Double, rings: [[Displacement]]) {
        self.east = east
        self.north = north
        self.half = half
        var inside = false
        var nearestSquared = Double.infinity
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) {
                if (a.north > north) != (b.north > north),
                   east < (b.east - a.east) * (north - a.north) / (b.north - a.north) + a.east {
                    inside.toggle()
                }
                nearestSquared = min(nearestSquared, Self.squaredDistance(east, north, a, b))
            }
        }
        distance = (inside ? 1 : -1) * nearestSquared.squareRoot()
    }

    private static func squaredDistance(_ east: Double, _ north: Double, _ a: Displacement, _ b: Displacement) -> Double {
        let dx = b.east - a.east, dy = b.north - a.north
        let lengthSquared = dx * dx + dy * dy
        var t = 0.0
        if lengthSquared > 0 { t = min(1, max(0, ((east - a.east) * dx + (north - a.north) * dy) / lengthSquared)) }
        let ex = east - (a.east + t * dx), ey = north - (a.north + t * dy)
        return ex * ex + ey * ey
    }
}

/// A binary max-heap of cells by `potential`.
private struct CellQueue {
    private var heap: [Cell] = []

    mutating func push(_ cell: Cell) {
        heap.append(cell)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[parent].potential < heap[child].potential else { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    mutating func popBest() -> Cell? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let best = heap.removeLast()
        var parent = 0
        while true {
            let left = parent * 2 + 1, right = left + 1
            var largest = parent
            if left < heap.count, heap[left].potential > heap[largest].potential { largest = left }
            if right < heap.count, heap[right].potential > heap[largest].potential { largest = right }
            guard largest != parent else { return best }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
