import Foundation
import Testing
import TestSupport
@testable import TransitData

@Suite struct MTAStationAccessibilityTests {
    static let header = "GTFS Stop ID,Stop Name,ADA,ADA Northbound,ADA Southbound,ADA Notes\n"

    static func read(_ rows: String) throws(CSVError) -> [String: Int] {
        try MTAStationAccessibility(csv: Data((header + rows).utf8), file: "stations.csv").wheelchairBoarding
    }

    @Test func fullPartialAndNoAccessBecomeStationAndPlatformCodes() throws {
        let codes = try Self.read("""
            127,Times Sq-42 St,1,1,1,
            R15,49 St,2,1,0,Uptown only
            101,Van Cortlandt Park-242 St,0,0,0,

            """)
        #expect(codes == ["127": 1, "127N": 1, "127S": 1,
                          "R15": 0, "R15N": 1, "R15S": 2,
                          "101": 2, "101N": 2, "101S": 2])
    }

    @Test func badTablesAreErrorsNamingTheProblem() {
        let cases: [(String, String)] = [
            ("127,Times Sq,3,1,1,\n", "ADA must be 0, 1 or 2"),
            ("127,Times Sq,1,2,1,\n", "must be 0 or 1"),
            ("127,Times Sq,yes,1,1,\n", "expected an integer"),
            ("127,Times Sq,1,1,1,\n127,Times Sq,1,1,1,\n", "listed twice"),
            (",Nowhere,1,1,1,\n", "empty GTFS Stop ID"),
            ("127,\"Times Sq,1,1,1,\n", "quote"),
            ("127,Times Sq,1\n", "fields"),
        ]
        for (rows, reason) in cases {
            let error = #expect(throws: CSVError.self) { try Self.read(rows) }
            #expect(error.map { "\($0)".contains(reason) } == true, "\(rows.debugDescription): \(String(describing: error))")
        }
        #expect(throws: CSVError.self) {
            try MTAStationAccessibility(csv: Data("GTFS Stop ID,ADA\n127,1\n".utf8), file: "narrow.csv")
        }
        #expect(throws: CSVError.self) { try MTAStationAccessibility(csv: Data(), file: "empty.csv") }
    }

    @Test func aFeedsOwnValuesWin() {
        let feed = GTFSFeed(stops: [
            GTFSStop(id: "127", name: "Times Sq", latitude: 40.75, longitude: -73.98, locationType: .station),
            GTFSStop(id: "127N", name: "Times Sq", latitude: 40.75, longitude: -73.98, parentStationID: "127", wheelchairBoarding: 0),
            GTFSStop(id: "127S", name: "Times Sq", latitude: 40.75, longitude: -73.98, parentStationID: "127", wheelchairBoarding: 2),
            GTFSStop(id: "901", name: "Elsewhere", latitude: 40.75, longitude: -73.98),
        ]).fillingWheelchairBoarding(from: ["127": 1, "127N": 1, "127S": 1])
        #expect(feed.stops.rows.map { $0.wheelchairBoarding } == [1, 1, 2, nil])
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealTableReads() throws {
        let codes = try MTAStationAccessibility(csv: SharedData.data("entrances/MTA_Subway_Stations_2025.csv"),
                                                file: "MTA_Subway_Stations_2025.csv").wheelchairBoarding
        // 496 stations, each with its two platforms; ADA 0: 333, 1: 155, 2: 8 (see PROVENANCE.md).
        #expect(codes.count == 496 * 3)
        // Parent ids end in a digit, platforms in N or S.
        let stations = codes.filter { $0.key.last?.isNumber == true }
        #expect(stations.count == 496)
        #expect(stations.values.filter { $0 == 1 }.count == 155)
        #expect(stations.values.filter { $0 == 2 }.count == 333)
        #expect(stations.values.filter { $0 == 0 }.count == 8)
        #expect(codes["127"] == 1 && codes["R15"] == 0 && codes["R15N"] == 1 && codes["R15S"] == 2)
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealTableNamesEachStationsDirections() throws {
        let labels = try MTAStationAccessibility(csv: SharedData.data("entrances/MTA_Subway_Stations_2025.csv"),
                                                 file: "MTA_Subway_Stations_2025.csv").directionLabels
        #expect(labels.count == 496)
        #expect(labels["725"] == ["N": "Queens", "S": "Hudson Yards"])
        // A terminal's one way out: the other side reads "Last Stop".
        #expect(labels["101"] == ["N": "Last Stop", "S": "Manhattan"])
    }

    @Test func tablesWithoutDirectionLabelsHaveNone() throws {
        let csv = "GTFS Stop ID,ADA,ADA Northbound,ADA Southbound\n127,1,1,1\n"
        #expect(try MTAStationAccessibility(csv: Data(csv.utf8), file: "t.csv").directionLabels.isEmpty)
    }
}
