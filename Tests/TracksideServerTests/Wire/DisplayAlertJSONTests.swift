import Foundation
import Testing
import TracksideServer
import TransitData
import TransitEngine

/// The alert and vehicle-card wire forms (docs/PROTOCOL.md), written from values.
@Suite struct DisplayAlertJSONTests {
    @Test func alertsWriteTheirSegmentsTimesAndOnlyForeignSourceIDs() throws {
        let alert = DisplayAlert(id: "lmm:alert:1", type: "Delays", header: "[A] trains delayed", routes: ["A"],
                                 when: .now, updatedAt: 1_705_795_000)
        var writer = JSONWriter()
        alert.writeJSON(to: &writer)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        #expect(object["id"] as? String == "lmm:alert:1")
        #expect(object["type"] as? String == "Delays")
        #expect(object["when"] as? String == "now")
        let segments = try #require(object["header_segments"] as? [Any])
        #expect((segments[0] as? [String: String]) == ["route": "A"])
        #expect(segments[1] as? String == " trains delayed")
        #expect(object["routes"] as? [String] == ["A"])
        #expect(object["updated_at"] as? Double == 1_705_795_000)
        #expect(object["source_ids"] == nil)
    }

    @Test func anItineraryWritesWholeSecondsAndLeavesOutWhatItDoesNotKnow() {
        let now = 1_705_750_000.0
        let itinerary = VehicleItinerary(vehicleID: "t1", current: .init(stopID: "127S", stationID: "127", name: "Times Sq-42 St"), calls: [
            .init(place: .init(stopID: "128S", stationID: "128", name: "34 St-Penn Station"), arrival: now + 100.4,
                  departure: now + 120.9, delay: 94.6),
            .init(place: .init(stopID: "137S", stationID: "137", name: "Chambers St"), arrival: now + 600),
        ])
        var json = JSONWriter()
        json.object { o in itinerary.writeMembers(to: &o) }
        #expect(json.string.hasPrefix(#"{"at":{"stop":"127S","station":"127","name":"Times Sq-42 St"},"stops":[{"stop":"128S","station":"128","name":"34 St-Penn Station","arrival":1705750100,"departure":1705750120,"delay":95},"#))
        #expect(json.string.hasSuffix(#"{"stop":"137S","station":"137","name":"Chambers St","arrival":1705750600}]}"#))
    }
}
