import Foundation
import Testing
import TransitEngine
@testable import BaseMapBuilder

/// A ring through `corners` (longitude, latitude pairs), closed, with `steps` points along each side.
func ring(_ corners: [(Double, Double)], steps: Int = 1) -> [Coordinate] {
    var points: [Coordinate] = []
    for (a, b) in zip(corners, corners.dropFirst() + [corners[0]]) {
        for step in 0..<steps {
            let t = Double(step) / Double(steps)
            points.append(Coordinate(latitude: a.1 + (b.1 - a.1) * t, longitude: a.0 + (b.0 - a.0) * t))
        }
    }
    return points + [points[0]]
}

/// A square about `size` degrees a side at New York's latitude.
func square(west: Double = -74, south: Double = 40.7, size: Double, steps: Int = 1) -> [Coordinate] {
    ring([(west, south), (west + size, south), (west + size, south + size), (west, south + size)], steps: steps)
}

@Suite struct PolygonTests {
    @Test func aRingKeepsItsCornersAndStaysClosed() throws {
        // 400 points on the sides of a ~1 km square, with its start in the middle of a side.
        var points = square(size: 0.01, steps: 100)
        points = Array(points[50..<400] + points[0...50])
        let simple = try #require(Polygon(rings: [points]).simplified(tolerance: 1, minimumArea: 0))
        let kept = simple.rings[0]
        #expect(kept.first == kept.last)
        #expect(Set(kept.map { "\($0.longitude),\($0.latitude)" }).isSuperset(of: ["-74.0,40.7", "-73.99,40.71"]))
        #expect(kept.count <= 7, "four corners, the start twice, at most one point on a straight side")
    }

    @Test func ringsTooSmallForTheLevelGo() throws {
        let outer = square(size: 0.01)  // ~0.7 km²
        let hole = square(west: -73.996, south: 40.704, size: 0.0005)  // ~1,700 m²
        let polygon = Polygon(rings: [outer, hole])
        #expect(polygon.simplified(tolerance: 1, minimumArea: 100)?.rings.count == 2)
        #expect(polygon.simplified(tolerance: 1, minimumArea: 10_000)?.rings.count == 1, "the hole fills in")
        #expect(polygon.simplified(tolerance: 1, minimumArea: 1e7) == nil, "the whole island goes")
        #expect(Polygon(rings: [Array(outer.prefix(3))]).simplified(tolerance: 1, minimumArea: 0) == nil)
    }

    @Test func areaIsInSquareMetres() {
        let area = Polygon(rings: [square(size: 0.01)]).outerArea
        // 0.01° of latitude is 1,110 m; of longitude at 40.7°N, 844 m.
        #expect(abs(area - 1_110 * 844) / area < 0.01)
    }

    @Test func theLabelOfAnLShapeIsInsideItsThickPartNotAtItsCentroid() throws {
        // An L: a 10 × 2 bar along the bottom and a 2 × 10 bar up the left (units of 0.001°).
        let unit = 0.001
        let l = ring([(0, 0), (10, 0), (10, 2), (2, 2), (2, 10), (0, 10)].map { (-74 + $0.0 * unit, 40.7 + $0.1 * unit) })
        let point = try #require(Polygon(rings: [l]).labelPoint(precision: 1))
        let x = (point.longitude + 74) / unit, y = (point.latitude - 40.7) / unit
        #expect((x < 2 && y >= 0 && y <= 10) || (y < 2 && x >= 0 && x <= 10), "inside the L: \(x), \(y)")
        // The centroid (about 3, 3) lies outside, in the L's elbow.
        #expect(!(x > 2.5 && y > 2.5))
    }

    @Test func theLabelAvoidsAHole() throws {
        let outer = square(size: 0.01)
        let hole = square(west: -73.997, south: 40.703, size: 0.004)
        let point = try #require(Polygon(rings: [outer, hole]).labelPoint(precision: 1))
        let inHole = point.longitude > -73.997 && point.longitude < -73.993 && point.latitude > 40.703 && point.latitude < 40.707
        #expect(!inHole)
        #expect(point.longitude > -74 && point.longitude < -73.99 && point.latitude > 40.7 && point.latitude < 40.71)
    }

    @Test func degenerateShapesHaveNoLabel() {
        #expect(Polygon(rings: []).labelPoint() == nil)
        #expect(Polygon(rings: [ring([(-74, 40.7), (-73.99, 40.7), (-73.98, 40.7)])]).labelPoint() == nil, "a flat ring")
    }
}
