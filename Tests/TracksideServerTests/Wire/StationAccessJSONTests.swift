import Testing
import TracksideServer
import TransitData
import TransitEngine

/// The elevator and entrance wire forms (docs/PROTOCOL.md), written from values.
@Suite struct StationAccessJSONTests {
    @Test("An elevator out of service: every known member, times in whole seconds, the staleness of its source")
    func elevatorOutOfService() {
        let equipment = ElevatorEquipment(id: "EL1", kind: .elevator, stationName: "", serving: "Street to EL1", isADA: true,
                                          stopIDs: ["127"], complexID: nil)
        let status = ElevatorStatus(equipment: equipment, inService: false, reason: "Repair", since: 100.7, until: 5_000, source: .outages)
        var json = JSONWriter()
        json.array { list in status.writeJSON(stale: true, to: &list) }
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"[{"id":"EL1","kind":"elevator","serving":"Street to EL1","ada":true,"status":"out_of_service","reason":"Repair","since":100,"until":5000,"source":"outages","stale":true}]"#)
    }

    @Test("An elevator in service leaves out what is unknown")
    func elevatorInService() {
        let equipment = ElevatorEquipment(id: "ES2", kind: .escalator, stationName: "", serving: "Mezzanine", isADA: false,
                                          stopIDs: ["127"], complexID: nil)
        var json = JSONWriter()
        ElevatorStatus(equipment: equipment, inService: true).writeJSON(stale: false, to: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"id":"ES2","kind":"escalator","serving":"Mezzanine","ada":false,"status":"in_service","stale":false}"#)
    }

    @Test("Equipment no feed reports is unknown, not in service; an outage an alert gives still shows")
    func elevatorNoFeedReports() {
        let equipment = ElevatorEquipment(id: "lift", kind: .elevator, stationName: "Gare", serving: "Mezzanine to Quai 1",
                                          isADA: true, stopIDs: ["S"], statusIsReported: false)
        let statuses = ElevatorStatus.statuses(of: StationAccess(equipment: [equipment]), outages: [:], alertOutages: [:], at: 0)
        var json = JSONWriter()
        statuses[0].writeJSON(stale: false, to: &json)
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"id":"lift","kind":"elevator","serving":"Mezzanine to Quai 1","ada":true,"status":"unknown","stale":false}"#)
        let out = ElevatorStatus.statuses(of: StationAccess(equipment: [equipment]), outages: [:], alertOutages: ["lift": "Lift out"], at: 0)
        #expect(!out[0].inService && out[0].source == .alerts)
    }

    @Test("An entrance's members: an exit-only stair is not step-free, a street elevator is")
    func entrance() {
        func members(_ entrance: SubwayEntrance) -> String {
            var json = JSONWriter()
            json.object { o in entrance.writeMembers(to: &o) }
            return String(decoding: json.bytes, as: UTF8.self)
        }
        let stair = SubwayEntrance(stopIDs: ["725"], type: "Stair", entryAllowed: false, latitude: 40.755, longitude: -73.987)
        #expect(members(stair) == #"{"type":"Stair","entry":false,"exit":true,"step_free":false}"#)
        let elevator = SubwayEntrance(stopIDs: ["725"], complexID: "611", type: "Elevator", latitude: 40.755, longitude: -73.987)
        #expect(members(elevator) == #"{"type":"Elevator","entry":true,"exit":true,"step_free":true}"#)
    }
}
