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
