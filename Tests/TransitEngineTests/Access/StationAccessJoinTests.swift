import Foundation
import Testing
import TestSupport
import TransitData
@testable import TransitEngine

@Suite("Station access: entrances and elevators joined to complexes, and their status")
struct StationAccessJoinTests {
    static func network() -> Network {
        let groups = [StationGroups.Group(name: "Times Sq-42 St", latitude: 40.7553, longitude: -73.9872, stops: ["127", "725"])]
        return Network(routes: [], stops: StationComplexTests.station("127", "Times Sq-42 St", east: 0)
                       + StationComplexTests.station("725", "Times Sq-42 St", east: 60)
                       + StationComplexTests.station("631", "Grand Central-42 St", east: 1_500),
                       trips: [], shapePoints: [:], stationGroups: groups)
    }

    static func elevator(_ id: String, stops: [String], complex: String? = nil, kind: ElevatorEquipment.Kind = .elevator) -> ElevatorEquipment {
        ElevatorEquipment(id: id, kind: kind, stationName: "", serving: "Street to \(id)", isADA: true, stopIDs: stops, complexID: complex)
    }

    @Test("Entrances and equipment join the complex of their GTFS stop ids, platforms and members alike; the MTA complex id stands in; the rest is counted")
    func join() throws {
        let network = Self.network()
        let entrances = [
            SubwayEntrance(stopIDs: ["725"], complexID: "611", type: "Stair", latitude: 40.755, longitude: -73.987),
            SubwayEntrance(stopIDs: ["R16"], complexID: "611", type: "Elevator", latitude: 40.756, longitude: -73.986),
            SubwayEntrance(stopIDs: ["631"], complexID: "610", type: "Escalator", latitude: 40.7553, longitude: -73.9700),
            SubwayEntrance(stopIDs: ["X99"], complexID: "999", type: "Stair", latitude: 40.7, longitude: -73.9),
            // Named for Grand Central but 1.5 km west of it.
            SubwayEntrance(stopIDs: ["631"], type: "Stair", latitude: 40.7553, longitude: -73.9872),
        ]
        let equipment = [
            Self.elevator("EL1", stops: ["127", "725"]), Self.elevator("ES2", stops: ["725S"], kind: .escalator),
            Self.elevator("EL3", stops: ["A27"], complex: "611"), Self.elevator("EL4", stops: ["Q99"]),
        ]
        let directory = StationAccessDirectory(network: network, entrances: entrances, equipment: equipment)
        let timesSquare = try #require(directory.access(of: "725N", in: network))
        #expect(timesSquare == directory.access(of: "127", in: network))
        // R16 is not in this network, but its complex 611 is the one 725 leads to.
        #expect(timesSquare.entrances.map(\.type) == ["Stair", "Elevator"])
        // Listed once though it serves two members; sorted elevators first.
        #expect(timesSquare.equipment.map(\.id) == ["EL1", "EL3", "ES2"])
        #expect(directory.access(of: "631", in: network)?.entrances.map(\.type) == ["Escalator"])
        #expect(directory.unmatchedEntrances == 1 && directory.unmatchedEquipment == 1 && directory.distantEntrances == 1)
        #expect(directory.entrances.map(\.station) == ["127", "127", "631"])
    }

    @Test("Status: the outage feed's outage in force, else an equipment alert in force, else in service")
    func status() {
        let access = StationAccess(equipment: [Self.elevator("EL1", stops: ["127"]), Self.elevator("EL2", stops: ["127"]),
                                               Self.elevator("EL3", stops: ["127"]), Self.elevator("EL4", stops: ["127"])])
        let outages = [
            "EL1": EquipmentOutage(equipmentID: "EL1", kind: .elevator, since: 100, until: 5_000, reason: "Repair"),
            "EL3": EquipmentOutage(equipmentID: "EL3", kind: .elevator, since: 2_000, reason: "Upgrade", isUpcoming: true),
        ]
        let alert = DisplayAlert(id: "127N#EL2", type: "Elevator Outage", header: "The elevator to the uptown platform is out",
                                 stations: ["127"], when: .now, sourceIDs: ["127N#EL2", "127S#EL2"])
        let later = DisplayAlert(id: "127N#EL4", header: "Planned", when: .tomorrow)
        let alertOutages = ElevatorStatus.alertOutages([alert, later])
        #expect(alertOutages == ["EL2": "The elevator to the uptown platform is out"])
        let statuses = ElevatorStatus.statuses(of: access, outages: outages, alertOutages: alertOutages, at: 1_000)
        #expect(statuses.map(\.inService) == [false, false, true, true])
        #expect(statuses[0].reason == "Repair" && statuses[0].until == 5_000 && statuses[0].source == .outages)
        #expect(statuses[1].source == .alerts && statuses[1].reason == alert.header)
        // The upcoming outage starts at 2,000.
        #expect(ElevatorStatus.statuses(of: access, outages: outages, alertOutages: [:], at: 2_000)[2].inService == false)
    }

    @Test("The real files on the 2018 full subway GTFS: every entrance and every active piece of equipment finds its complex", .enabled(if: SharedData.isAvailable))
    func realJoin() throws {
        let feed = try GTFSFeed(contentsOf: SharedData.url("nyc-subway-gtfs/2018-11_full-except-stop_times"))
        let groups = try StationGroups(json: try Data(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Data/stations/mta-subway_stations.json")),
                                       file: "stations.json").groups
        let network = try Network(gtfs: [feed], profile: NYCTProfile(), stationGroups: groups)
        let entrances = try SubwayEntrance.entrances(geoJSON: try SharedData.data("entrances/subway-entrances-exits_2024_i9wp-a4ja.geojson"), file: "e")
        let equipment = try ElevatorEquipment.equipment(json: try SharedData.data("entrances/mta-elevators-escalators_2024_nyct_ene_equipments.json"), file: "eq")
        let directory = StationAccessDirectory(network: network, entrances: entrances, equipment: equipment)
        #expect(directory.unmatchedEntrances == 0 && directory.unmatchedEquipment == 0)
        // One entrance the dataset gives 86 St (R44) lies 870 m away, near 77 St: left out.
        #expect(directory.distantEntrances == 1)
        #expect(directory.entrances.count == 2_119)
        #expect(directory.access(of: "R44", in: network)?.entrances.count == 5)
        let timesSquare = try #require(directory.access(of: "A27", in: network))
        #expect(timesSquare == directory.access(of: "127", in: network)!)
        #expect(timesSquare.entrances.contains { $0.isElevator })
        #expect(timesSquare.equipment.contains { $0.id == "EL290X" })
        // Every entrance kept lies within 600 m of the complex it joined.
        for (station, entrance) in directory.entrances {
            let complex = try #require(network.station(containing: station))
            let distance = complex.coordinate.distance(to: Coordinate(latitude: entrance.latitude, longitude: entrance.longitude))
            #expect(distance < 600, "\(station) \(complex.name) \(entrance)")
        }
    }
}
