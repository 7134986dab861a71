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
}
