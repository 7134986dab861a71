import Foundation
import Testing
import TestSupport
import TransitData

@Suite("Station groups (the bundled NYCT complexes)")
struct StationGroupsTests {
    static let bundled = SharedData.repositoryRoot.appendingPathComponent("Data/stations/mta-subway_stations.json")

    @Test("The bundled file: 446 complexes over the 499 parent stations, Times Sq-42 St joining five")
    func bundledFile() throws {
        let groups = try StationGroups(json: try Data(contentsOf: Self.bundled), file: "stations.json").groups
        #expect(groups.count == 446)
        let stops = groups.flatMap(\.stops)
        #expect(stops.count == 499 && Set(stops).count == 499)
        let timesSquare = try #require(groups.first { $0.stops.contains("127") })
        #expect(timesSquare.stops == ["127", "725", "902", "A27", "R16"])
        #expect(timesSquare.name.contains("Times Sq-42 St"))
        #expect(abs(timesSquare.latitude - 40.755) < 0.01 && abs(timesSquare.longitude + 73.988) < 0.01)
        #expect(groups.filter { $0.stops.count > 1 }.count == 36)
    }

    @Test("Garbage, truncated, oversized and incomplete files are refused with the file's name")
    func refusesBadFiles() throws {
        let good = try Data(contentsOf: Self.bundled)
        let bad: [(String, Data)] = [
            ("garbage", Data([0xff, 0x00, 0x7b, 0x22])),
            ("truncated", good.prefix(good.count / 2)),
            ("array", Data("[1, 2]".utf8)),
            ("no name", Data(#"{"a":{"location":[40.7,-73.9],"stops":{"1":[40.7,-73.9]}}}"#.utf8)),
            ("no location", Data(#"{"a":{"name":"A","stops":{"1":[40.7,-73.9]}}}"#.utf8)),
            ("bad location", Data(#"{"a":{"name":"A","location":[400,-73.9],"stops":{"1":[40.7,-73.9]}}}"#.utf8)),
            ("no stops", Data(#"{"a":{"name":"A","location":[40.7,-73.9],"stops":{}}}"#.utf8)),
            ("oversized", Data(repeating: 0x20, count: StationGroups.byteLimit + 1)),
        ]
        for (what, data) in bad {
            #expect(throws: GTFSLoadError.self, "\(what)") { try StationGroups(json: data, file: "groups.json") }
            do {
                _ = try StationGroups(json: data, file: "groups.json")
            } catch {
                #expect(error.description.hasPrefix("groups.json: "), "\(what): \(error)")
            }
        }
        let many = (0...StationGroups.stopsPerGroupLimit).map { #""s\#($0)":[40.7,-73.9]"# }.joined(separator: ",")
        #expect(throws: GTFSLoadError.self) {
            try StationGroups(json: Data(#"{"a":{"name":"A","location":[40.7,-73.9],"stops":{\#(many)}}}"#.utf8), file: "g")
        }
    }
}
