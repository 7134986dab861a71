import Testing
@testable import TransitEngine

@Suite struct OrderedProjectionTests {
    typealias S = SyntheticShapes

    func project(_ stops: [Coordinate], onto line: Polyline) -> [PolylineProjection] {
        OrderedProjection().project(stops, onto: line, grid: SegmentGrid(line))
    }

    @Test func loopVisitsTheTerminalTwice() {
        // A 1 km square loop that starts and ends at the same terminal.
        let loop = S.polyline([(0, 0), (1_000, 0), (1_000, 1_000), (0, 1_000), (0, 0)])
        let stops = [S.at(0, 0), S.at(1_000, 500), S.at(500, 1_000), S.at(2, 1)]
        let along = project(stops, onto: loop).map(\.distanceAlong)
        #expect(along.count == 4)
        #expect(abs(along[0]) < 1)
        #expect(abs(along[1] - 1_500) < 1)
        #expect(abs(along[2] - 2_500) < 1)
        #expect(abs(along[3] - 3_999) < 2)
    }

    @Test func parallelReturnLegIsChosenByOrder() {
        // Out along y = 0 and back along y = 12; the return stops sit nearer the outbound track.
        let hairpin = S.polyline([(0, 0), (2_000, 0), (2_000, 12), (0, 12)])
        let stops = [S.at(200, 1), S.at(1_000, 1), S.at(1_990, 6), S.at(1_000, 5), S.at(200, 5)]
        let projections = project(stops, onto: hairpin)
        let along = projections.map(\.distanceAlong)
        #expect(abs(along[0] - 200) < 1)
        #expect(abs(along[1] - 1_000) < 1)
        #expect(along[3] > 2_012 && abs(along[3] - 3_012) < 1)
        #expect(abs(along[4] - 3_812) < 1)
        #expect(zip(along, along.dropFirst()).allSatisfy { $0.0 <= $0.1 })
    }

    @Test func nearestPassWinsWhenOrderAllowsIt() {
        let line = S.polyline([(0, 0), (1_000, 0)])
        let projections = project([S.at(100, 30), S.at(900, -40)], onto: line)
        #expect(abs(projections[0].distanceAlong - 100) < 0.01)
        #expect(abs(projections[1].distanceFromLine - 40) < 0.01)
    }

    @Test func outOfOrderStopsAreHeldAtTheirPredecessor() {
        // The second stop lies behind the first, so it cannot be placed before it.
        let line = S.polyline([(0, 0), (1_000, 0)])
        let along = project([S.at(600, 0), S.at(300, 0), S.at(800, 0)], onto: line).map(\.distanceAlong)
        #expect(zip(along, along.dropFirst()).allSatisfy { $0.0 <= $0.1 })
        #expect(abs(along[2] - 800) < 0.01)
    }

    @Test func farStopsStillProjectAndEmptyShapesGiveNothing() {
        let line = S.polyline([(0, 0), (1_000, 0)])
        let far = project([S.at(500, 5_000)], onto: line)
        #expect(far.count == 1 && abs(far[0].distanceAlong - 500) < 0.01)
        #expect(project([S.origin], onto: Polyline([])).isEmpty)
    }
}
