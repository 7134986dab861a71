import Testing
@testable import TransitEngine

@Suite struct PolylineTests {
    typealias S = SyntheticShapes

    /// 300 m north, then 400 m east.
    let ell = S.polyline([(0, 0), (0, 300), (400, 300)])

    @Test func measuresCumulativeLength() {
        // The east leg is 300 m further north, where a degree of longitude is a little shorter.
        #expect(abs(ell.length - 700) < 0.05)
        #expect(ell.cumulativeDistances.count == 3)
        #expect(abs(ell.cumulativeDistances[1] - 300) < 0.01)
        #expect(ell.segmentCount == 2)
    }

    @Test func findsPointsAtDistances() throws {
        let onFirstLeg = try #require(ell.coordinate(atDistance: 150))
        #expect(S.metres(onFirstLeg, S.at(0, 150)) < 0.01)
        let onSecondLeg = try #require(ell.coordinate(atDistance: 500))
        #expect(S.metres(onSecondLeg, S.at(200, 300)) < 0.01)
        // Clamped at both ends.
        #expect(S.metres(try #require(ell.coordinate(atDistance: -50)), S.at(0, 0)) < 0.01)
        #expect(S.metres(try #require(ell.coordinate(atDistance: 1e9)), S.at(400, 300)) < 0.01)
    }

    @Test func tangentBearingFollowsTheLegs() throws {
        #expect(abs(try #require(ell.bearing(atDistance: 100)) - 0) < 0.01)
        #expect(abs(try #require(ell.bearing(atDistance: 600)) - 90) < 0.01)
        let southWest = S.polyline([(0, 0), (-100, -100)])
        #expect(abs(try #require(southWest.bearing(atDistance: 10)) - 225) < 0.01)
    }

    @Test func degenerateSegmentsBorrowTheirNeighboursBearing() throws {
        let repeated = S.polyline([(0, 0), (0, 0), (100, 0), (100, 0)])
        #expect(abs(repeated.length - 100) < 0.01)
        #expect(abs(try #require(repeated.bearing(atDistance: 0)) - 90) < 0.01)
        #expect(abs(try #require(repeated.bearing(atDistance: 100)) - 90) < 0.01)
        let allSame = S.polyline([(5, 5), (5, 5)])
        #expect(allSame.bearing(atDistance: 0) == nil)
        #expect(allSame.length == 0)
    }

    @Test func emptyAndSinglePointPolylinesAreSafe() throws {
        let empty = Polyline([])
        #expect(empty.length == 0)
        #expect(empty.coordinate(atDistance: 10) == nil)
        #expect(empty.bearing(atDistance: 0) == nil)
        #expect(empty.slice(from: 0, to: 10).isEmpty)
        #expect(empty.project(S.origin) == nil)
        let single = Polyline([S.origin])
        #expect(single.coordinate(atDistance: 10) == S.origin)
        #expect(single.bearing(atDistance: 0) == nil)
        #expect(single.slice(from: 0, to: 10) == [S.origin])
        let projection = try #require(single.project(S.at(30, 40)))
        #expect(abs(projection.distanceFromLine - 50) < 0.01)
        #expect(projection.distanceAlong == 0)
    }

    @Test func slicesIncludeInterpolatedEndsAndInnerPoints() {
        let forward = ell.slice(from: 100, to: 600)
        #expect(forward.count == 3)
        #expect(S.metres(forward[0], S.at(0, 100)) < 0.01)
        #expect(forward[1] == ell.points[1])
        #expect(S.metres(forward[2], S.at(300, 300)) < 0.05)
        let backward = ell.slice(from: 600, to: 100)
        #expect(backward == forward.reversed())
        let withinOneSegment = ell.slice(from: 10, to: 20)
        #expect(withinOneSegment.count == 2)
        #expect(abs(S.metres(withinOneSegment[0], withinOneSegment[1]) - 10) < 0.01)
    }

    @Test func projectsOntoTheNearestSegment() throws {
        let beside = try #require(ell.project(S.at(10, 120)))
        #expect(beside.segmentIndex == 0)
        #expect(abs(beside.distanceAlong - 120) < 0.01)
        #expect(abs(beside.distanceFromLine - 10) < 0.01)
        let pastTheEnd = try #require(ell.project(S.at(450, 300)))
        #expect(abs(pastTheEnd.distanceAlong - ell.length) < 0.01)
        #expect(abs(pastTheEnd.distanceFromLine - 50) < 0.01)
        let restricted = try #require(ell.project(S.at(350, 290), segments: 0..<1))
        #expect(restricted.segmentIndex == 0)
        #expect(abs(restricted.distanceAlong - 290) < 0.01)
    }
}
