import Foundation
import Testing
@testable import TransitEngine

@Suite struct SegmentGridTests {
    typealias S = SyntheticShapes

    /// A 2,000-point random walk that wanders, crosses itself and comes back: the worst case for a grid.
    static func randomWalk(seed: UInt64) -> Polyline {
        var generator = S.Generator(state: seed)
        var east = 0.0, north = 0.0, heading = 0.0
        var points: [(Double, Double)] = []
        for _ in 0..<2_000 {
            points.append((east, north))
            heading += Double.random(in: -0.6...0.6, using: &generator)
            let step = Double.random(in: 0...40, using: &generator)
            east += step * Foundation.cos(heading)
            north += step * Foundation.sin(heading)
        }
        return S.polyline(points)
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func agreesWithTestingEverySegment(seed: UInt64) throws {
        let walk = Self.randomWalk(seed: seed)
        let grid = SegmentGrid(walk, cellSize: 120)
        var generator = S.Generator(state: seed &* 7)
        for _ in 0..<300 {
            // Inside, around and well outside the walk's extent.
            let probe = S.at(Double.random(in: -6_000...6_000, using: &generator),
                             Double.random(in: -6_000...6_000, using: &generator))
            let exhaustive = try #require(walk.project(probe))
            let indexed = try #require(grid.nearest(to: probe, on: walk))
            #expect(abs(indexed.distanceFromLine - exhaustive.distanceFromLine) < 1e-6)
        }
    }

    @Test func honoursTheSearchLimit() throws {
        let line = S.polyline([(0, 0), (1_000, 0)])
        let grid = SegmentGrid(line)
        #expect(grid.nearest(to: S.at(500, 300), on: line, within: 200) == nil)
        let found = try #require(grid.nearest(to: S.at(500, 150), on: line, within: 200))
        #expect(abs(found.distanceAlong - 500) < 0.01)
        #expect(abs(found.distanceFromLine - 150) < 0.01)
    }

    @Test func listsEveryPassNearAPoint() {
        // Out 1 km east, back 20 m further north: two passes near the probe.
        let hairpin = S.polyline([(0, 0), (1_000, 0), (1_000, 20), (0, 20)])
        let grid = SegmentGrid(hairpin)
        #expect(grid.segments(near: S.at(500, 5), on: hairpin, within: 30) == [0, 2])
        #expect(grid.segments(near: S.at(500, 5), on: hairpin, within: 10) == [0])
        #expect(grid.segments(near: S.at(500, 500), on: hairpin, within: 30).isEmpty)
    }

    @Test func handlesDegenerateInput() {
        let single = Polyline([S.origin])
        #expect(SegmentGrid(single).nearest(to: S.at(3, 4), on: single)?.distanceFromLine ?? -1 > 4.99)
        let empty = Polyline([])
        #expect(SegmentGrid(empty).nearest(to: S.origin, on: empty) == nil)
        let stacked = S.polyline([(0, 0), (0, 0), (0, 0)])
        #expect(abs((SegmentGrid(stacked).nearest(to: S.at(0, 10), on: stacked)?.distanceFromLine ?? 0) - 10) < 0.01)
    }
}
