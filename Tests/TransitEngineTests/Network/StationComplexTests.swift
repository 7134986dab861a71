import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

@Suite("Station complexes")
struct StationComplexTests {
    static let origin = Coordinate(latitude: 40.7553, longitude: -73.9872)

    /// A station `id` with `N`/`S` platforms, `metres` east of the origin.
    static func station(_ id: String, _ name: String, east metres: Double) -> [NetworkStop] {
        let coordinate = LocalFrame(latitude: origin.latitude).coordinate(from: origin, moving: Displacement(east: metres, north: 0))
        return [NetworkStop(id: id, name: name, coordinate: coordinate, isStation: true)]
            + ["N", "S"].map { NetworkStop(id: id + $0, name: name, coordinate: coordinate, parentStation: id) }
    }

    static func network(groups: [StationGroups.Group] = [], links: [(String, String)] = [],
                        scheduled: [String: Set<String>] = [:]) -> Network {
        Network(routes: [], stops: station("127", "Times Sq-42 St", east: 0) + station("725", "Times Sq-42 St", east: 60)
                    + station("A27", "42 St-Port Authority Bus Terminal", east: 250) + station("631", "Grand Central-42 St", east: 1_500),
                trips: [], shapePoints: [:], stationGroups: groups, stationLinks: links, scheduledRoutes: scheduled)
    }

    @Test("A grouping joins its stations into one, named and placed by the group; every id resolves to it")
    func grouping() throws {
        let group = StationGroups.Group(name: "Times Sq-42 St / 42 St-Port Authority", latitude: 40.7556, longitude: -73.9866,
                                        stops: ["127", "725", "A27"])
        let network = Self.network(groups: [group])
        #expect(network.stations.map(\.id) == ["127", "631"])
        let complex = network.stations[0]
        #expect(complex.name == "Times Sq-42 St / 42 St-Port Authority")
        #expect(complex.memberStations == ["127", "725", "A27"])
        #expect(complex.platforms == ["127N", "127S", "725N", "725S", "A27N", "A27S"])
        #expect(complex.coordinate == Coordinate(latitude: 40.7556, longitude: -73.9866))
        for id in ["127", "725", "A27", "725N", "A27S"] { #expect(network.station(containing: id)?.id == "127", "\(id)") }
        #expect(network.station(containing: "631S")?.id == "631")
        #expect(network.station(containing: "nowhere") == nil)
    }

    @Test("Transfers between two stations join them (named by both); a transfer over 500 m or within one station does not")
    func transfers() {
        let network = Self.network(links: [("127", "725N"), ("725", "A27"), ("127", "631"), ("127", "127")])
        #expect(network.stations.map(\.memberStations) == [["127", "725", "A27"], ["631"]])
        #expect(network.stations[0].name == "Times Sq-42 St / 42 St-Port Authority Bus Terminal")
        // Without a group, at the middle of its stations.
        #expect(abs(network.stations[0].coordinate.distance(to: Self.origin) - 103) < 2)
    }

    @Test("A grouping member far from its group's location (another agency's id) is left out")
    func farGroupMember() {
        let group = StationGroups.Group(name: "Times Sq", latitude: 40.7553, longitude: -73.9872, stops: ["127", "631"])
        #expect(Self.network(groups: [group]).stations.map(\.memberStations) == [["127"], ["631"], ["725"], ["A27"]])
    }

    @Test("Lines: stop_times' routes where every platform has them; else shapes' routes, less those the feeds report elsewhere only")
    func lines() {
        let scheduled = Self.network(scheduled: ["127N": ["1", "2"], "127S": ["1"]]).station(containing: "127")!
        #expect(scheduled.routesFromSchedule && scheduled.routes == ["1", "2"])
        #expect(scheduled.lines(seen: ["3"], reported: ["1", "2", "3"]) == ["1", "2", "3"])
        // Only one platform scheduled: the station is not, and falls back to shapes (none here).
        #expect(!Self.network(scheduled: ["127N": ["1"]]).station(containing: "127")!.routesFromSchedule)
        let shaped = Station(id: "128", name: "34 St", coordinate: Self.origin, platforms: ["128N"], routes: ["1", "2", "3", "W"])
        // The 2 and 3 are reported running (but never calling here); W is in no feed, so its shape stands.
        #expect(shaped.lines(seen: ["1"], reported: ["1", "2", "3"]) == ["1", "W"])
        #expect(shaped.lines(seen: [], reported: []) == ["1", "2", "3", "W"])
    }

    @Test("Complexes of the 2018 full subway GTFS with the bundled grouping: 446, Times Sq-42 St one station", .enabled(if: SharedData.isAvailable))
    func realComplexes() throws {
        let feed = try GTFSFeed(contentsOf: SharedData.url("nyc-subway-gtfs/2018-11_full-except-stop_times"))
        let groups = try StationGroups(json: try Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Data/stations/mta-subway_stations.json")),
                                       file: "stations.json").groups
        let network = try Network(gtfs: [feed], profile: NYCTProfile(), stationGroups: groups)
        // 501 GTFS stations: the 499 the grouping knows in its 446 complexes, and two more on their own.
        #expect(network.stations.flatMap(\.memberStations).count == 501)
        #expect(network.stations.count == 448)
        let timesSquare = try #require(network.station(containing: "R16N"))
        #expect(timesSquare.memberStations == ["127", "725", "902", "A27", "R16"])
        #expect(Set(["1", "2", "3", "7", "A", "C", "E", "N", "Q", "R", "GS"]).isSubset(of: timesSquare.routes))
        // Every platform of the feed resolves to the complex of its parent.
        for stop in feed.stops.rows where stop.locationType == .stopOrPlatform {
            #expect(network.station(containing: stop.id)?.memberStations.contains(stop.parentStationID ?? stop.id) == true, "\(stop.id)")
        }
        // No two complexes share a name any more ("Times Sq - 42 St" was four stations).
        let names = Dictionary(grouping: network.stations, by: \.name).filter { $0.value.count > 1 }.keys.sorted()
        #expect(!names.contains { $0.contains("Times Sq") || $0.contains("Herald Sq") })
    }
}
