import Foundation
import Testing
import TestSupport
import TransitData

@Suite("Station access files: the MTA's entrances, elevator list and outage feed")
struct StationAccessFilesTests {
    static let entrancesFile = "entrances/subway-entrances-exits_2024_i9wp-a4ja.geojson"
    static let equipmentFile = "entrances/mta-elevators-escalators_2024_nyct_ene_equipments.json"
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test("The real entrances GeoJSON: 2,120 points, 102 street elevators, shared stations split", .enabled(if: SharedData.isAvailable))
    func realEntrances() throws {
        let entrances = try SubwayEntrance.entrances(geoJSON: try SharedData.data(Self.entrancesFile), file: "e.geojson")
        #expect(entrances.count == 2_120)
        #expect(entrances.filter { $0.type == "Elevator" }.count == 102)
        #expect(entrances.filter { !$0.entryAllowed }.count == 48 && entrances.filter { !$0.exitAllowed }.count == 7)
        let first = try #require(entrances.first)
        #expect(first.stopIDs == ["R31"] && first.complexID == "617" && first.type == "Stair")
        #expect(abs(first.latitude - 40.683905) < 1e-6 && abs(first.longitude + 73.978879) < 1e-6)
        #expect(entrances.contains { $0.stopIDs == ["A32", "D20"] })
        #expect(entrances.filter(\.isStepFree).count == entrances.filter { $0.type.contains("Elevator") || $0.type.contains("Ramp") }.count)
    }

    /// The dataset's CSV export, written from the real GeoJSON's properties under the CSV's column names
    /// (`snakeCase`: as the dataset's API names them), every field quoted as the export quotes those with commas.
    static func csv(fromGeoJSON data: Data, snakeCase: Bool = false) throws -> Data {
        let columns = ["Division", "Line", "Borough", "Stop Name", "Complex ID", "Constituent Station Name", "Station ID",
                       "GTFS Stop ID", "Daytime Routes", "Entrance Type", "Entry Allowed", "Exit Allowed", "Entrance Latitude",
                       "Entrance Longitude"]
        let keys = columns.map { $0.lowercased().replacingOccurrences(of: " ", with: "_") }
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let features = try #require(root["features"] as? [[String: Any]])
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var lines = [(snakeCase ? keys : columns).joined(separator: ",") + ",Entrance Georeference"]
        for feature in features {
            let properties = try #require(feature["properties"] as? [String: Any])
            let point = "POINT (\(properties["entrance_longitude"] ?? "") \(properties["entrance_latitude"] ?? ""))"
            lines.append((keys.map { quoted(properties[$0].map { "\($0)" } ?? "") } + [quoted(point)]).joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    @Test("The CSV export reads as the GeoJSON does: the same 2,120 entrances, under either spelling of its columns",
          .enabled(if: SharedData.isAvailable))
    func realEntrancesAsCSV() throws {
        let geoJSON = try SharedData.data(Self.entrancesFile)
        let expected = try SubwayEntrance.entrances(geoJSON: geoJSON, file: "e.geojson")
        for snakeCase in [false, true] {
            let csv = try Self.csv(fromGeoJSON: geoJSON, snakeCase: snakeCase)
            let read = try SubwayEntrance.entrances(csv: csv, file: "e.csv")
            #expect(read.count == 2_120)
            #expect(zip(read, expected).allSatisfy { a, b in
                a.stopIDs == b.stopIDs && a.complexID == b.complexID && a.type == b.type && a.entryAllowed == b.entryAllowed
                    && a.exitAllowed == b.exitAllowed && abs(a.latitude - b.latitude) < 1e-9 && abs(a.longitude - b.longitude) < 1e-9
            })
            // Told apart by content: the same reader serves either export.
            #expect(try SubwayEntrance.entrances(document: csv, file: "e").count == 2_120)
        }
        #expect(try SubwayEntrance.entrances(document: geoJSON, file: "e") == expected)
    }

    @Test("A CSV export that is truncated, oversized, garbage or missing what an entrance needs is refused")
    func refusesBadCSV() throws {
        let header = "GTFS Stop ID,Complex ID,Entrance Type,Entry Allowed,Exit Allowed,Entrance Latitude,Entrance Longitude\n"
        let good = header + "R31,617,Stair,YES,NO,40.683905,-73.978879\n\"A32; D20\",167,Elevator,YES,YES,40.7,-73.9\n"
        let entrances = try SubwayEntrance.entrances(csv: Data(good.utf8), file: "e.csv")
        #expect(entrances.map(\.stopIDs) == [["R31"], ["A32", "D20"]] && entrances[0].exitAllowed == false)
        #expect(entrances[1].isStepFree && entrances[1].complexID == "167")
        let bad: [(String, Data)] = [
            ("truncated mid-record", Data(good.utf8.prefix(header.utf8.count + 20))),
            ("truncated in a quote", Data((header + "\"A32; D2").utf8)),
            ("garbage", Data([0xff, 0x00, 0x7b, 0x22, 0x0a, 0x01])),
            ("empty", Data()),
            ("no stop id", Data((header + ",617,Stair,YES,YES,40.7,-73.9\n").utf8)),
            ("no type", Data((header + "R31,617,,YES,YES,40.7,-73.9\n").utf8)),
            ("off the globe", Data((header + "R31,617,Stair,YES,YES,40.7,-730\n").utf8)),
            ("not a number", Data((header + "R31,617,Stair,YES,YES,north,-73.9\n").utf8)),
            ("a missing column", Data("GTFS Stop ID,Entrance Type\nR31,Stair\n".utf8)),
            ("a stray quote", Data((header + "R\"31,617,Stair,YES,YES,40.7,-73.9\n").utf8)),
            ("oversized", Data(header.utf8) + Data(repeating: 0x0a, count: AccessDocument.byteLimit)),
        ]
        for (what, data) in bad {
            #expect(throws: GTFSLoadError.self, "\(what)") { try SubwayEntrance.entrances(csv: data, file: "e.csv") }
        }
        // A field past the limit is cut to it, as the JSON exports' are.
        let long = header + "R31,617," + String(repeating: "S", count: 20_000) + ",YES,YES,40.7,-73.9\n"
        #expect(try SubwayEntrance.entrances(csv: Data(long.utf8), file: "e.csv").first?.type.count == 2_000)
        let tooMany = header + String(repeating: "R31,617,Stair,YES,YES,40.7,-73.9\n", count: 50_001)
        #expect(throws: GTFSLoadError.self) { try SubwayEntrance.entrances(csv: Data(tooMany.utf8), file: "e.csv") }
    }

    @Test("The real equipment list: 622 active of 662, multi-station ids split", .enabled(if: SharedData.isAvailable))
    func realEquipment() throws {
        let equipment = try ElevatorEquipment.equipment(json: try SharedData.data(Self.equipmentFile), file: "eq.json")
        #expect(equipment.count == 622)
        let first = try #require(equipment.first { $0.id == "EL293" })
        #expect(first.kind == .elevator && first.isADA && first.stopIDs == ["L06"] && first.complexID == "119")
        #expect(first.shortDescription == "Street to Brooklyn-bound platform")
        #expect(equipment.first { $0.id == "ES103" }?.kind == .escalator)
        #expect(equipment.contains { $0.stopIDs == ["A31", "L01"] })
    }

    /// The outage feed's shape (`nyct_ene.json`), with local times as the MTA writes them.
    static let outages = #"""
    [{"station":"1 Av","borough":"MN","trainno":"L","equipment":"EL293","equipmenttype":"EL",
      "serving":"E 14 St and Avenue A (SW corner) to Canarsie-bound platform","ADA":"Y",
      "outagedate":"09/30/2024 12:05:00 PM","estimatedreturntoservice":"10/01/2024 06:00:00 PM",
      "reason":"Repair","isupcomingoutage":"N","ismaintenanceoutage":"N"},
     {"station":"125 St","equipment":"ES103","equipmenttype":"ES","serving":"to mezzanine","ADA":"N",
      "outagedate":"12/24/2024 00:30","estimatedreturntoservice":"","reason":"Capital Replacement",
      "isupcomingoutage":"Y","ismaintenanceoutage":"Y"},
     {"station":"nowhere","equipmenttype":"EL"},
     {"station":"odd","equipment":"XX1","equipmenttype":"ZZ"}]
    """#

    @Test("The outage feed: times in New York, upcoming and maintenance flags, unreadable records skipped and counted")
    func outageFeed() throws {
        let feed = try EquipmentOutages(json: Data(Self.outages.utf8), timeZone: Self.newYork)
        #expect(feed.skipped == 2)
        #expect(feed.outages.map(\.equipmentID) == ["EL293", "ES103"])
        let elevator = feed.outages[0]
        // 12:05 PM EDT is 16:05 UTC; 6 PM the next day 22:00 UTC.
        #expect(elevator.since == 1_727_712_300 && elevator.until == 1_727_820_000)
        #expect(elevator.kind == .elevator && elevator.isADA && elevator.reason == "Repair" && !elevator.isUpcoming)
        let escalator = feed.outages[1]
        #expect(escalator.since == 1_735_018_200 && escalator.until == nil && escalator.isUpcoming && escalator.isMaintenance)
        // In force from its start until a day past its expected return; an upcoming one only once started.
        #expect(elevator.isInEffect(at: 1_727_712_300) && elevator.isInEffect(at: 1_727_820_000 + 3_600))
        #expect(!elevator.isInEffect(at: 1_727_820_000 + 86_401))
        #expect(!escalator.isInEffect(at: 1_735_018_199) && escalator.isInEffect(at: 1_735_018_200))
        #expect(try EquipmentOutages(json: Data("[]".utf8), timeZone: Self.newYork).outages.isEmpty)
    }

    @Test("Through the feed decoder: gzip inflated, its size limit, a failure naming why")
    func throughTheDecoder() throws {
        let gzipped = GzipFixture.gzip(Data(Self.outages.utf8))
        #expect(try FeedDecoder.decodeEquipmentOutages(gzipped, timeZone: Self.newYork).outages.count == 2)
        #expect(throws: FeedDecoder.Failure.self) {
            try FeedDecoder.decodeEquipmentOutages(Data(repeating: 0x20, count: FeedDecoder.limit + 1), timeZone: Self.newYork)
        }
        #expect(throws: FeedDecoder.Failure.self) {
            try FeedDecoder.decodeEquipmentOutages(gzipped.prefix(gzipped.count / 2), timeZone: Self.newYork)
        }
    }

    @Test("Garbage, truncated, oversized and wrong-shaped documents are refused by every parser")
    func refusesBadDocuments() throws {
        let outages = Data(Self.outages.utf8)
        let bad: [(String, Data)] = [
            ("garbage", Data([0xff, 0x00, 0x7b, 0x22])),
            ("truncated", outages.prefix(outages.count / 2)),
            ("empty", Data()),
            ("an object", Data(#"{"a":1}"#.utf8)),
            ("not objects", Data("[1, 2]".utf8)),
            ("oversized", Data(repeating: 0x20, count: AccessDocument.byteLimit + 1)),
        ]
        for (what, data) in bad {
            #expect(throws: GTFSLoadError.self, "outages: \(what)") { try EquipmentOutages(json: data, timeZone: Self.newYork) }
            #expect(throws: GTFSLoadError.self, "equipment: \(what)") { try ElevatorEquipment.equipment(json: data, file: "eq") }
            #expect(throws: GTFSLoadError.self, "entrances: \(what)") { try SubwayEntrance.entrances(geoJSON: data, file: "e") }
        }
        let incomplete: [String] = [
            #"{"features":[{"type":"Feature","properties":{"entrance_type":"Stair"},"geometry":{"type":"Point","coordinates":[-73.9,40.7]}}]}"#,
            #"{"features":[{"type":"Feature","properties":{"gtfs_stop_id":"R31","entrance_type":"Stair"},"geometry":{"type":"Point","coordinates":[-730,40.7]}}]}"#,
            #"{"features":[{"type":"Feature","properties":{"gtfs_stop_id":"R31"},"geometry":{"type":"Point","coordinates":[-73.9,40.7]}}]}"#,
        ]
        for text in incomplete {
            #expect(throws: GTFSLoadError.self, "\(text)") { try SubwayEntrance.entrances(geoJSON: Data(text.utf8), file: "e") }
        }
        #expect(throws: GTFSLoadError.self) {
            try ElevatorEquipment.equipment(json: Data(#"[{"equipmentno":"EL1","equipmenttype":"EL"}]"#.utf8), file: "eq")
        }
        #expect(throws: GTFSLoadError.self) {
            try ElevatorEquipment.equipment(json: Data(#"[{"equipmentno":"XX1","equipmenttype":"ZZ","elevatorsgtfsstopid":"R31"}]"#.utf8), file: "eq")
        }
        let tooMany = "[" + Array(repeating: "{}", count: 50_001).joined(separator: ",") + "]"
        #expect(throws: GTFSLoadError.self) { try EquipmentOutages(json: Data(tooMany.utf8), timeZone: Self.newYork) }
    }

    @Test("Unreadable local times are nil, not a guess")
    func unreadableTimes() throws {
        let times = ["13/01/2024 01:00:00 PM", "02/30/2024 01:00 PM", "01/01/2024 13:00 PM", "soon", "01/01/2024", "1/1/24 1:00 AM x y"]
        for time in times {
            let json = #"[{"equipment":"EL1","equipmenttype":"EL","outagedate":"\#(time)"}]"#
            #expect(try EquipmentOutages(json: Data(json.utf8), timeZone: Self.newYork).outages.first?.since == nil, "\(time)")
        }
    }
}
