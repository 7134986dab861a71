/// A uniform grid over a polyline's segments, so the nearest segment to a position is found
/// by looking at a few cells around it instead of at every segment.
///
/// Cells are square in a frame at the polyline's middle latitude; each lists the segments
/// whose bounding box touches it (stored flat, cell by cell, for locality). Queries search
/// rings of cells outwards and stop once no unvisited cell can hold anything nearer.
public struct SegmentGrid: Sendable {
    /// Side of a cell in metres.
    public let cellSize: Double
    private let frame: LocalFrame
    private let origin: Coordinate
    private let columns: Int
    private let rows: Int
    /// `cellStarts[c] ..< cellStarts[c + 1]` indexes `segmentIds` for cell `c = row * columns + column`.
    private let cellStarts: [Int32]
    private let segmentIds: [Int32]

    /// Indexes `polyline`'s segments in cells of `cellSize` metres (grown when needed so a
    /// very long polyline stays under about a million cells).
    public init(_ polyline: Polyline, cellSize: Double = 150) {
        let points = polyline.points
        let minLatitude = points.map(\.latitude).min() ?? 0
        let maxLatitude = points.map(\.latitude).max() ?? 0
        let minLongitude = points.map(\.longitude).min() ?? 0
        let maxLongitude = points.map(\.longitude).max() ?? 0
        frame = LocalFrame(latitude: (minLatitude + maxLatitude) / 2)
        origin = Coordinate(latitude: minLatitude, longitude: minLongitude)
        let extent = frame.displacement(from: origin, to: Coordinate(latitude: maxLatitude, longitude: maxLongitude))
        var size = max(1, cellSize)
        while (extent.east / size + 1) * (extent.north / size + 1) > 1_000_000 { size *= 2 }
        self.cellSize = size
        columns = Int(extent.east / size) + 1
        rows = Int(extent.north / size) + 1

        // Two passes: count per cell, then fill, giving one flat array.
        var ranges: [(columns: ClosedRange<Int>, rows: ClosedRange<Int>)] = []
        ranges.reserveCapacity(polyline.segmentCount)
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for index in 0..<polyline.segmentCount {
            let a = frame.displacement(from: origin, to: points[index])
            let b = frame.displacement(from: origin, to: points[index + 1])
            let columnRange = Self.cell(min(a.east, b.east), size, columns)...Self.cell(max(a.east, b.east), size, columns)
            let rowRange = Self.cell(min(a.north, b.north), size, rows)...Self.cell(max(a.north, b.north), size, rows)
            ranges.append((columnRange, rowRange))
            for row in rowRange { for column in columnRange { counts[row * columns + column + 1] += 1 } }
        }
        for cell in 0..<(columns * rows) { counts[cell + 1] += counts[cell] }
        var next = counts
        var ids = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        for (index, range) in ranges.enumerated() {
            for row in range.rows {
                for column in range.columns {
                    let cell = row * columns + column
                    ids[Int(next[cell])] = Int32(index)
                    next[cell] += 1
                }
            }
        }
        cellStarts = counts
        segmentIds = ids
    }

    private static func cell(_ metres: Double, _ size: Double, _ count: Int) -> Int {
        min(count - 1, max(0, Int((metres / size).rounded(.down))))
    }

    /// The nearest point of `polyline` (the one this grid was built from) to `position`, if
    /// any lies within `maxDistance` metres.
    public func nearest(to position: Coordinate, on polyline: Polyline,
                        within maxDistance: Double = .infinity) -> PolylineProjection? {
        guard polyline.segmentCount > 0 else { return polyline.project(position) }
        var best = -1
        var bestSquared = maxDistance.isFinite ? maxDistance * maxDistance : .infinity
        visitRings(around: position, upTo: maxDistance, stopWhen: { reach in
            best >= 0 && bestSquared <= reach * reach
        }) { index in
            let squared = polyline.squaredDistance(from: position, toSegment: index).squared
            if squared < bestSquared || (squared == bestSquared && index < best) {
                bestSquared = squared
                best = index
            }
        }
        return best < 0 ? nil : polyline.projection(of: position, ontoSegment: best)
    }

    /// Every segment of `polyline` that passes within `radius` metres of `position`, in
    /// segment order (each once).
    public func segments(near position: Coordinate, on polyline: Polyline, within radius: Double) -> [Int] {
        var found = Set<Int>()
        let radiusSquared = radius * radius
        visitRings(around: position, upTo: radius, stopWhen: { _ in false }) { index in
            if polyline.squaredDistance(from: position, toSegment: index).squared <= radiusSquared {
                found.insert(index)
            }
        }
        return found.sorted()
    }

    /// Calls `visit` with the segment ids of the cells in square rings around `position`,
    /// ring by ring, until a ring's inner edge is farther than `limit` or `stopWhen(reach)`
    /// says the remaining rings (all at least `reach` metres away) cannot matter.
    private func visitRings(around position: Coordinate, upTo limit: Double,
                            stopWhen: (_ reach: Double) -> Bool, visit: (Int) -> Void) {
        let offset = frame.displacement(from: origin, to: position)
        let column = Int((offset.east / cellSize).rounded(.down))
        let row = Int((offset.north / cellSize).rounded(.down))
        // Rings that miss the grid entirely hold nothing: start at the first that touches it.
        let gapColumns = max(0, -column, column - (columns - 1))
        let gapRows = max(0, -row, row - (rows - 1))
        let lastRing = max(column, columns - 1 - column, row, rows - 1 - row, 0)
        // The single-frame grid is off by up to ~0.3 % over a city; stay on the safe side.
        let safety = 0.99
        var ring = max(gapColumns, gapRows)
        while ring <= lastRing {
            let reachBefore = Double(max(0, ring - 1)) * cellSize * safety
            if reachBefore > limit { return }
            for cellRow in max(0, row - ring)...min(rows - 1, row + ring) {
                let onEdgeRow = cellRow == row - ring || cellRow == row + ring
                if onEdgeRow {
                    let first = max(0, column - ring), last = min(columns - 1, column + ring)
                    if first <= last { for cellColumn in first...last { visitCell(cellRow * columns + cellColumn, visit) } }
                } else {
                    if column - ring >= 0 && column - ring < columns { visitCell(cellRow * columns + column - ring, visit) }
                    if ring > 0 && column + ring >= 0 && column + ring < columns { visitCell(cellRow * columns + column + ring, visit) }
                }
            }
            // Every cell not yet visited is at least `ring` whole cells from the position's cell.
            if stopWhen(Double(ring) * cellSize * safety) { return }
            ring += 1
        }
    }

    @inline(__always)
    private func visitCell(_ cell: Int, _ visit: (Int) -> Void) {
        for slot in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) { visit(Int(segmentIds[slot])) }
    }
}
