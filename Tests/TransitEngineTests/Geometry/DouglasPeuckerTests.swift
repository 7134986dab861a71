import Foundation
import Testing
@testable import TransitEngine

@Suite struct DouglasPeuckerTests {
    typealias S = SyntheticShapes

    @Test func dropsCollinearPoints() {
        let straight = (0...10).map { S.at(Double($0) * 50, Double($0) * 20) }
        let kept = DouglasPeucker.simplify(straight, tolerance: 2)
        #expect(kept == [straight.first!, straight.last!])
    }

    @Test func keepsCornersAndStaysWithinTolerance() {
        // A quarter circle of 300 m radius in 1° steps, then a right-angle turn north.
        var path = (0...90).map { degree -> Coordinate in
            let angle = Double(degree) * .pi / 180
            return S.at(300 * cos(angle), 300 * sin(angle))
        }
        path.append(S.at(0, 600))
        let kept = DouglasPeucker.simplify(path, tolerance: 2)
        #expect(kept.count < 20)
        #expect(kept.contains(path[90]))
        let simplified = Polyline(kept)
        for point in path {
            #expect((simplified.project(point)?.distanceFromLine ?? .infinity) <= 2.0 + 1e-9)
        }
    }

    @Test func measuresToSegmentsNotLines() {
        // Goes 100 m east and comes back 60 m: the turning point is on the chord's line but 60 m past its end.
        let doubleBack = [S.at(0, 0), S.at(100, 0), S.at(40, 0)]
        #expect(DouglasPeucker.simplify(doubleBack, tolerance: 2).count == 3)
    }

    @Test func shortPathsAreReturnedAsIs() {
        #expect(DouglasPeucker.simplify([], tolerance: 2).isEmpty)
        #expect(DouglasPeucker.simplify([S.origin], tolerance: 2) == [S.origin])
        let two = [S.origin, S.at(1, 1)]
        #expect(DouglasPeucker.simplify(two, tolerance: 2) == two)
    }
}
