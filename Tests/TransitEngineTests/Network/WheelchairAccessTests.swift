import Testing
import TransitData
@testable import TransitEngine

@Suite("Wheelchair access of stations")
struct WheelchairAccessTests {
    static let here = Coordinate(latitude: 40.75, longitude: -73.98)

    /// The station `S` with platforms `SN` and `SS`, each with the given `wheelchair_boarding` (nil: column empty).
    static func station(own: Int?, north: Int?, south: Int?) throws -> Station? {
        let stops = [
            GTFSStop(id: "S", name: "S", latitude: here.latitude, longitude: here.longitude, locationType: .station,
                     wheelchairBoarding: own),
            GTFSStop(id: "SN", name: "S", latitude: here.latitude, longitude: here.longitude, parentStationID: "S",
                     wheelchairBoarding: north),
            GTFSStop(id: "SS", name: "S", latitude: here.latitude, longitude: here.longitude, parentStationID: "S",
                     wheelchairBoarding: south),
        ]
        return try Network(gtfs: [GTFSFeed(stops: stops)]).stations.first { $0.id == "S" }
    }

    @Test("GTFS values: 1 accessible, 2 not; 0, empty and anything else unknown, never inaccessible")
    func gtfsValues() {
        #expect(WheelchairAccess(gtfsWheelchairBoarding: 1) == .accessible)
        #expect(WheelchairAccess(gtfsWheelchairBoarding: 2) == .inaccessible)
        for unknown in [nil, 0, 3, -1] { #expect(WheelchairAccess(gtfsWheelchairBoarding: unknown) == nil) }
    }

    @Test("Platforms without a value inherit the station's; their own value wins")
    func inheritance() throws {
        let inherited = try #require(try Self.station(own: 1, north: nil, south: 0))
        #expect(inherited.wheelchairAccess == .accessible)
        #expect(inherited.platformWheelchairAccess == ["SN": .accessible, "SS": .accessible])

        let overridden = try #require(try Self.station(own: 1, north: 2, south: nil))
        #expect(overridden.wheelchairAccess == .partial)
        #expect(overridden.platformWheelchairAccess == ["SN": .inaccessible, "SS": .accessible])

        let notAtAll = try #require(try Self.station(own: 2, north: nil, south: nil))
        #expect(notAtAll.wheelchairAccess == .inaccessible)
    }

    @Test("A station is only as known as its platforms: one unknown platform leaves it unknown unless others differ")
    func unknowns() throws {
        let bare = try #require(try Self.station(own: nil, north: nil, south: nil))
        #expect(bare.wheelchairAccess == nil && bare.platformWheelchairAccess.isEmpty)

        let half = try #require(try Self.station(own: 0, north: 1, south: nil))
        #expect(half.wheelchairAccess == nil)
        #expect(half.platformWheelchairAccess == ["SN": .accessible])

        let split = try #require(try Self.station(own: nil, north: 1, south: 2))
        #expect(split.wheelchairAccess == .partial)

        let both = try #require(try Self.station(own: nil, north: 1, south: 1))
        #expect(both.wheelchairAccess == .accessible)
    }

    @Test("A parentless stop is its own platform; a station without platforms has its own value")
    func standalone() throws {
        let stops = [
            GTFSStop(id: "lone", name: "Lone", latitude: Self.here.latitude, longitude: Self.here.longitude, wheelchairBoarding: 2),
            GTFSStop(id: "empty", name: "Empty", latitude: Self.here.latitude, longitude: Self.here.longitude,
                     locationType: .station, wheelchairBoarding: 1),
        ]
        let stations = try Network(gtfs: [GTFSFeed(stops: stops)]).stations
        #expect(stations.map { $0.id } == ["empty", "lone"])
        #expect(stations.map { $0.wheelchairAccess } == [.accessible, .inaccessible])
        #expect(stations[1].platformWheelchairAccess == ["lone": .inaccessible])
    }
}
