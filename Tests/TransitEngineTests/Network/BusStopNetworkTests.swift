import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

@Suite("Bus stops apart from stations")
struct BusStopNetworkTests {
    /// A feed with a subway line (a station with a platform, and a parentless platform) and a
    /// bus route, with stop_times.
    static let mixedFeed: [String: String] = [
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nR,R,,1\nM9,M9,,3\nQ99,Q99,,700\n",
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
            100,Main St,40.70,-73.90,1,
            100N,Main St,40.70,-73.90,0,100
            200N,Loose Platform,40.71,-73.90,0,
            B1,MAIN ST/1 AV,40.70,-73.9005,0,
            B2,MAIN ST/2 AV,40.702,-73.9005,,
            B3,SHARED STOP,40.704,-73.9005,,
            B4,NEVER USED,40.706,-73.9005,,

            """,
        "trips.txt": "route_id,trip_id,service_id\nR,r1,S\nM9,m1,S\nQ99,q1,S\n",
        "stop_times.txt": """
            trip_id,stop_id,arrival_time,departure_time,stop_sequence
            r1,100N,08:00:00,08:00:00,1
            r1,200N,08:02:00,08:02:00,2
            r1,B3,08:03:00,08:03:00,3
            m1,B1,08:00:00,08:00:00,1
            m1,B2,08:01:00,08:01:00,2
            m1,B3,08:02:00,08:02:00,3
            q1,B2,08:05:00,08:05:00,1

            """,
    ]

    @Test("Stops only buses serve are bus stops with their routes; a stop a train also serves, or none does, stays a station")
    func mixedFeedWithStopTimes() throws {
        let network = try Network(gtfs: [GTFSFeed(contentsOf: TemporaryFolder.with(Self.mixedFeed))])
        #expect(network.busStops.map { $0.id } == ["B1", "B2"])
        #expect(network.busStops.map { $0.scheduledRoutes } == [["M9"], ["M9", "Q99"]])
        #expect(network.busStops.first?.name == "MAIN ST/1 AV")
        #expect(network.stations.map { $0.id } == ["100", "200N", "B3", "B4"])
        // Bus stops stay stops: buses are placed against them.
        #expect(network.stops["B1"] != nil)
    }

    @Test("Without stop_times, the parentless stops of a feed of buses only are bus stops, routes unknown")
    func busFeedWithoutStopTimes() throws {
        var tables = Self.mixedFeed
        tables["stop_times.txt"] = nil
        tables["routes.txt"] = "route_id,route_short_name,route_long_name,route_type\nM9,M9,,3\nQ99,Q99,,700\n"
        let network = try Network(gtfs: [GTFSFeed(contentsOf: TemporaryFolder.with(tables))])
        #expect(network.busStops.map { $0.id } == ["200N", "B1", "B2", "B3", "B4"])
        #expect(network.busStops.allSatisfy { $0.scheduledRoutes == nil })
        #expect(network.stations.map { $0.id } == ["100"])
    }

    @Test("A broken stop_times fails the network instead of guessing")
    func brokenStopTimes() throws {
        var tables = Self.mixedFeed
        tables["stop_times.txt"] = "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nnobody,B1,08:00:00,08:00:00,1\n"
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(tables))
        #expect(throws: CSVError.self) { _ = try Network(gtfs: [feed]) }
    }

    @Test("Road route types: bus 3, trolleybus 11, the extended coaches (200s), buses (700s) and trolleybuses (800s); not subway, rail, tram or ferry")
    func busTypes() {
        #expect([3, 11, 200, 700, 702, 799, 800].allSatisfy { NetworkRoute.isBus(type: $0) })
        #expect(![0, 1, 2, 4, 7, 100, 400, 900, 1000].contains { NetworkRoute.isBus(type: $0) })
    }
}

@Suite("Bus stops of the real Manhattan bus GTFS", .enabled(if: SharedData.isAvailable))
struct BusStopRealNetworkTests {
    @Test("All 1,816 Manhattan stops are bus stops, none a station; without stop_times their routes are unknown")
    func manhattan() throws {
        let network = RealFeeds.manhattanBuses
        #expect(network.busStops.count == 1_816)
        #expect(network.stations.isEmpty)
        #expect(network.busStops.allSatisfy { $0.scheduledRoutes == nil && $0.coordinate.isPlausible })
        let stop = try #require(network.busStops.first { $0.id == "404303" })
        #expect(stop.name == "5 AV/W 78 ST")
    }

    @Test("Adding the bus GTFS to the subway leaves the stations exactly as they were: same ids, names and lines")
    func stationsUnchangedByBuses() {
        let combined = RealFeeds.subwayAndBuses
        #expect(combined.stations == RealFeeds.subway.stations)
        // 501 GTFS stations, in 448 complexes by the transfers between them.
        #expect(combined.stations.flatMap(\.memberStations).count == 501)
        #expect(combined.stations.count == 448)
        #expect(combined.busStops == RealFeeds.manhattanBuses.busStops)
        // No station lists a bus route, though bus shapes run over many of them.
        let busRoutes = Set(combined.routes.values.filter { NetworkRoute.isBus(type: $0.type) }.map { $0.id })
        #expect(busRoutes.count == 41)
        #expect(combined.stations.allSatisfy { Set($0.routes).isDisjoint(with: busRoutes) })
    }
}
