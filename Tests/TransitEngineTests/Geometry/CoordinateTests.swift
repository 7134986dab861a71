import Testing
@testable import TransitEngine

@Suite struct CoordinateTests {
    @Test func coordinatesCompareByValue() {
        #expect(Coordinate(latitude: 40.7, longitude: -74) == Coordinate(latitude: 40.7, longitude: -74))
        #expect(Coordinate(latitude: 40.7, longitude: -74) != Coordinate(latitude: -74, longitude: 40.7))
    }
}
