import Testing
@testable import TransitEngine

@Suite struct LocalFrameTests {
    @Test func degreeLengthsMatchTheEllipsoid() {
        // Published WGS 84 values at 40°N: 111,034.60 m per degree of latitude, 85,394.34 m per degree of longitude.
        let frame = LocalFrame(latitude: 40)
        #expect(abs(frame.metresPerDegreeLatitude - 111_034.60) < 0.5)
        #expect(abs(frame.metresPerDegreeLongitude - 85_394.34) < 0.5)
        // At the equator a degree of longitude is the full 111,319.49 m.
        #expect(abs(LocalFrame(latitude: 0).metresPerDegreeLongitude - 111_319.49) < 0.5)
    }

    @Test func displacementRoundTrips() {
        let frame = LocalFrame(latitude: 40.75)
        let origin = Coordinate(latitude: 40.75, longitude: -73.98)
        let moved = frame.coordinate(from: origin, moving: Displacement(east: 300, north: -400))
        let back = frame.displacement(from: origin, to: moved)
        #expect(abs(back.east - 300) < 1e-6 && abs(back.north + 400) < 1e-6)
        #expect(abs(back.length - 500) < 1e-6)
    }

    @Test func agreesWithHaversineOverAKilometre() {
        let a = Coordinate(latitude: 40.75, longitude: -73.98)
        let b = Coordinate(latitude: 40.7565, longitude: -73.9712)
        let local = LocalFrame(between: a, b).displacement(from: a, to: b).length
        // The sphere and the ellipsoid differ by well under 0.5 % here.
        #expect(abs(local - a.distance(to: b)) / local < 0.005)
        #expect(local > 900 && local < 1100)
    }

    @Test func implausibleCoordinatesAreRecognised() {
        #expect(Coordinate(latitude: 40.7, longitude: -74).isPlausible)
        #expect(!Coordinate(latitude: 0, longitude: 0).isPlausible)
        #expect(!Coordinate(latitude: .nan, longitude: -74).isPlausible)
        #expect(!Coordinate(latitude: 91, longitude: -74).isPlausible)
        #expect(!Coordinate(latitude: 40, longitude: -181).isPlausible)
    }
}

@Suite struct BearingTests {
    @Test func normalisesIntoOneTurn() {
        #expect(Bearing.normalized(-90) == 270)
        #expect(Bearing.normalized(720) == 0)
        #expect(Bearing.normalized(359.5) == 359.5)
        #expect(Bearing.normalized(-1e-18) == 0)
    }

    @Test func differenceIsTheShortWayRound() {
        #expect(Bearing.difference(350, 10) == 20)
        #expect(Bearing.difference(10, 350) == 20)
        #expect(Bearing.difference(0, 180) == 180)
        #expect(Bearing.reversed(350) == 170)
    }

    @Test func displacementBearingIsClockwiseFromNorth() {
        #expect(Displacement(east: 0, north: 1).bearing == 0)
        #expect(Displacement(east: 1, north: 0).bearing == 90)
        #expect(Displacement(east: 0, north: -1).bearing == 180)
        #expect(Displacement(east: -1, north: 0).bearing == 270)
        #expect(Displacement(east: 0, north: 0).bearing == nil)
    }
}
