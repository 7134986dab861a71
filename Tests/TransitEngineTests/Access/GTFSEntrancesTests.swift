import Foundation
import Testing
import TestSupport
import TransitData
import TransitEngine

/// An agency's own entrances, from its GTFS `stops.txt` (`location_type` 2), joined to its stations.
@Suite("GTFS entrances")
struct GTFSEntrancesTests {
    /// Station P with a platform and three entrances (one marked wheelchair accessible, one a bare node with no
    /// parent station), and station Q without any.
    static let tables: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nX,X,https://x.example,Europe/Paris\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nM,M,,1\n",
        "trips.txt": "route_id,trip_id,service_id\nM,t,S\n",
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,wheelchair_boarding
            P,Place,48.8600,2.3400,1,,
            P1,Place,48.8600,2.3400,0,P,
            P-E1,Place exit 1,48.8602,2.3397,2,P,0
            P-E2,Place exit 2 (lift),48.8598,2.3405,2,P,1
            LOOSE,Somewhere,48.8700,2.3500,2,,
            Q,Quai,48.8650,2.3450,1,,
            Q1,Quai,48.8650,2.3450,0,Q,

            """,
    ]

    @Test("location_type 2 stops with a parent are entrances of it, step-free where wheelchair_boarding is 1")
    func entrancesOfTheFeed() throws {
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(Self.tables))
        let entrances = feed.entrances
        #expect(entrances.map(\.stopIDs) == [["P"], ["P"]])
        #expect(entrances.map(\.isStepFree) == [false, true])
        #expect(entrances.map(\.type) == [SubwayEntrance.gtfsEntrance, SubwayEntrance.gtfsStepFreeEntrance])
        #expect(abs(entrances[1].latitude - 48.8598) < 1e-9 && abs(entrances[1].longitude - 2.3405) < 1e-9)

        let network = try Network(gtfs: [feed])
        let directory = StationAccessDirectory(network: network, entrances: entrances, equipment: [])
        #expect(directory.access(of: "P1", in: network)?.entrances.count == 2)
        #expect(directory.access(of: "Q", in: network)?.entrances.isEmpty ?? true)
        #expect(directory.unmatchedEntrances == 0 && directory.distantEntrances == 0)
    }

    /// Station S: a street entrance by stairs only (E-STAIRS), one with a ramp to the mezzanine then an elevator to
    /// the platform (E-LIFT), one step-free all the way (E-LEVEL), one its row calls inaccessible whatever the
    /// pathways (E-NO), one no pathway leaves (E-NONE); a one-way link is taken only its way (E-ONEWAY has stairs in,
    /// and a level exit gate out of the platform that must not count as a way in). The elevator is two one-way rows
    /// of one machine; a second, two-way elevator runs beside it, and an escalator.
    static let pathwayTables: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nX,X,https://x.example,Europe/Paris\n",
        "routes.txt": "route_id,route_short_name,route_long_name,route_type\nM,M,,1\n",
        "trips.txt": "route_id,trip_id,service_id\nM,t,S\n",
        "stops.txt": """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,wheelchair_boarding
            S,Gare,48.8600,2.3400,1,,
            S1,Quai 1,48.8600,2.3400,0,S,
            S1-B,Quai 1 tête,48.8600,2.3401,4,S1,
            MEZZ,Mezzanine,48.8600,2.3400,3,S,
            E-STAIRS,Sortie 1,48.8602,2.3397,2,S,
            E-LIFT,Sortie 2,48.8598,2.3405,2,S,
            E-LEVEL,Sortie 3,48.8599,2.3402,2,S,
            E-NO,Sortie 4,48.8601,2.3398,2,S,2
            E-NONE,Sortie 5,48.8603,2.3399,2,S,
            E-ONEWAY,Sortie 6,48.8604,2.3396,2,S,

            """,
        "pathways.txt": """
            pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional,signposted_as,reversed_signposted_as
            stairs1,E-STAIRS,MEZZ,2,1,,
            ramp2,E-LIFT,MEZZ,1,1,,
            lift-down,MEZZ,S1,5,0,Ascenseur vers le quai 1,
            lift-up,S1,MEZZ,5,0,,
            esc,MEZZ,S1,4,0,,
            lift2,MEZZ,S1,5,1,,
            level3,E-LEVEL,S1-B,1,1,,
            walk4,E-NO,S1,1,1,,
            exit6,S1,E-ONEWAY,7,0,,
            stairs6,E-ONEWAY,MEZZ,2,1,,

            """,
    ]

    @Test("Pathways say which entrances reach a platform without steps, and which only by elevator")
    func stepFreeEntrancesFromPathways() throws {
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(Self.pathwayTables))
        #expect(feed.pathways.count == 10 && feed.pathways[2].mode == .elevator && !feed.pathways[2].isBidirectional)
        let types = Dictionary(uniqueKeysWithValues: zip(["E-STAIRS", "E-LIFT", "E-LEVEL", "E-NO", "E-NONE", "E-ONEWAY"],
                                                         feed.entrances.map(\.type)))
        #expect(types == ["E-STAIRS": SubwayEntrance.gtfsEntrance, "E-LIFT": SubwayEntrance.gtfsElevatorEntrance,
                          "E-LEVEL": SubwayEntrance.gtfsStepFreeEntrance, "E-NO": SubwayEntrance.gtfsEntrance,
                          "E-NONE": SubwayEntrance.gtfsEntrance, "E-ONEWAY": SubwayEntrance.gtfsEntrance])
        let lift = try #require(feed.entrances.first { $0.type == SubwayEntrance.gtfsElevatorEntrance })
        #expect(lift.isStepFree && lift.isElevator)
    }

    @Test("Elevators and escalators of the pathways are the station's equipment, one per machine")
    func equipmentFromPathways() throws {
        let feed = try GTFSFeed(contentsOf: TemporaryFolder.with(Self.pathwayTables))
        let equipment = feed.pathwayEquipment
        // The up and down rows of the first elevator are one machine; the two-way one beside it is another.
        #expect(equipment.map(\.id) == ["lift-down", "esc", "lift2"])
        #expect(equipment.map(\.kind) == [.elevator, .escalator, .elevator])
        #expect(equipment.map(\.isADA) == [true, false, true])
        #expect(equipment.map(\.stopIDs) == [["S"], ["S"], ["S"]])
        #expect(equipment[0].serving == "Ascenseur vers le quai 1" && equipment[0].shortDescription == "Mezzanine to Quai 1")
        #expect(equipment[1].serving == "Mezzanine to Quai 1" && equipment[1].stationName == "Gare")
        let network = try Network(gtfs: [feed])
        let directory = StationAccessDirectory(network: network, entrances: feed.entrances, equipment: equipment)
        #expect(directory.access(of: "S1", in: network)?.equipment.map(\.id) == ["lift-down", "lift2", "esc"])
        #expect(directory.unmatchedEquipment == 0)
    }
}
