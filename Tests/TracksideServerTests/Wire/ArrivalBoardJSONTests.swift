import Foundation
import Testing
import TracksideServer
import TransitData
import TransitEngine

/// The arrivals wire form (docs/PROTOCOL.md) and the LED sign's JSON, written from board values:
/// what the engine computes is tested in TransitEngineTests, how it is written here.
@Suite struct ArrivalBoardJSONTests {
    static let now = 1_705_750_000.0
    static let vanCortlandt = "Van Cortlandt Park-242 St"

    static func json(_ board: ArrivalBoard) -> String {
        var writer = JSONWriter()
        board.writeJSON(to: &writer)
        return writer.string
    }

    @Test("Wire form matches docs/PROTOCOL.md; times are whole seconds")
    func wireForm() {
        let board = ArrivalBoard(stationID: "127", timestamp: Self.now + 0.6, groups: [
            ArrivalGroup(routeID: "1", direction: "N", headsign: Self.vanCortlandt, arrivals: [
                Arrival(tripID: "t", time: Self.now + 130.7, minutes: 2, isDue: false),
            ]),
        ])
        #expect(Self.json(board) == """
            {"type":"arrivals","station":"127","ts":1705750000,"groups":[{"route":"1","direction":"N",\
            "headsign":"Van Cortlandt Park-242 St","arrivals":[{"time":1705750130,"minutes":2,"due":false}]}]}
            """)
    }

    @Test("A stale board names its stale routes, a stale group says so, and so does the sign")
    func staleBoard() {
        let board = ArrivalBoard(stationID: "127", timestamp: Self.now, groups: [
            ArrivalGroup(routeID: "1", direction: "N", headsign: Self.vanCortlandt, arrivals: [100.0, 160, 220].enumerated().map {
                Arrival(tripID: "one-\($0.offset)", time: Self.now + $0.element, minutes: $0.offset + 1, isDue: false)
            }),
            ArrivalGroup(routeID: "2", direction: "S", headsign: Self.vanCortlandt, arrivals: [
                Arrival(tripID: "two", time: Self.now + 200, minutes: 3, isDue: false),
            ], isStale: true),
        ], staleRoutes: ["1", "2"])
        #expect(Self.json(board) == #"{"type":"arrivals","station":"127","ts":1705750000,"stale":true,"stale_routes":["1","2"],"groups":[{"route":"1","direction":"N","headsign":"Van Cortlandt Park-242 St","arrivals":[{"time":1705750100,"minutes":1,"due":false},{"time":1705750160,"minutes":2,"due":false},{"time":1705750220,"minutes":3,"due":false}]},{"route":"2","direction":"S","headsign":"Van Cortlandt Park-242 St","stale":true,"arrivals":[{"time":1705750200,"minutes":3,"due":false}]}]}"#)
        var sign = JSONWriter()
        board.writeSignJSON(name: "Times Sq-42 St", rows: 1, to: &sign)
        #expect(sign.string == #"{"station":"127","name":"Times Sq-42 St","ts":1705750000,"stale":true,"rows":[{"route":"1","direction":"N","headsign":"Van Cortlandt Park-242 St","minutes":1,"due":false,"text":"1 Van Cortlandt P…  1 min"}]}"#)
    }

    @Test("Each arrival carries its track where known; unknown tracks are left out, on the board and the sign")
    func tracks() {
        let board = ArrivalBoard(stationID: "127", timestamp: 1_000, groups: [
            ArrivalGroup(routeID: "1", direction: "N", headsign: "Van Cortlandt Park - 242 St", arrivals: [
                Arrival(tripID: "a", time: 1_020, minutes: 0, isDue: true),
            ]),
            ArrivalGroup(routeID: "2", direction: "S", headsign: "Flatbush Av", arrivals: [
                Arrival(tripID: "c", time: 1_200, minutes: 3, isDue: false, track: "M"),
            ]),
        ])
        #expect(Self.json(board).contains(#"{"time":1200,"minutes":3,"due":false,"track":"M"}"#))
        #expect(Self.json(board).contains(#"{"time":1020,"minutes":0,"due":true}"#))
        var json = JSONWriter()
        board.writeSignJSON(name: "Times Sq-42 St", rows: 2, to: &json)
        #expect(json.string.contains(#""minutes":3,"due":false,"track":"M","text":"2 Flatbush Av  3 min"}"#))
        #expect(json.string.contains(#""minutes":0,"due":true,"text":"1 Van Cortlandt P…  Due"}"#))
    }

    @Test("Trains ending here are written apart, under terminating, and a group's heading where the station has one")
    func terminatingAndHeadings() {
        let board = ArrivalBoard(stationID: "101S", timestamp: Self.now, groups: [
            ArrivalGroup(routeID: "1", direction: "S", headsign: nil, heading: "Manhattan", arrivals: [
                Arrival(tripID: "s1", time: Self.now + 300, minutes: 5, isDue: false),
            ]),
        ], terminating: [
            ArrivalGroup(routeID: "1", direction: "N", headsign: nil, heading: "The Bronx", arrivals: [
                Arrival(tripID: "n1", time: Self.now + 100, minutes: 1, isDue: false),
            ]),
        ])
        #expect(Self.json(board) == #"{"type":"arrivals","station":"101S","ts":1705750000,"groups":[{"route":"1","direction":"S","heading":"Manhattan","arrivals":[{"time":1705750300,"minutes":5,"due":false}]}],"terminating":[{"route":"1","direction":"N","heading":"The Bronx","arrivals":[{"time":1705750100,"minutes":1,"due":false}]}]}"#)
    }

    @Test("The wire form names the bus stop and leaves out what a bus call does not say")
    func busStop() {
        let now = 1_488_055_353.0
        let board = ArrivalBoard(kind: .busStop, stationID: "404303", timestamp: now, groups: [
            ArrivalGroup(routeID: "M2", direction: "1", headsign: "EAST VILLAGE", arrivals: [
                Arrival(tripID: "a", time: now + 75, minutes: 1, isDue: false),
                Arrival(tripID: "b", time: nil, minutes: nil, isDue: false, proximity: "3 stops away"),
            ]),
        ])
        #expect(Self.json(board) == #"{"type":"arrivals","bus_stop":"404303","ts":1488055353,"groups":[{"route":"M2","direction":"1","headsign":"EAST VILLAGE","arrivals":[{"time":1488055428,"minutes":1,"due":false},{"due":false,"away":"3 stops away"}]}]}"#)
    }

    @Test("A group labels its route with the short name and colours riders know it by, only where known")
    func labelledGroup() {
        let board = ArrivalBoard(kind: .busStop, stationID: "8052", timestamp: Self.now, groups: [
            ArrivalGroup(routeID: "00502-20160512154122_v40.34", direction: "0", headsign: "Britomart", arrivals: [
                Arrival(tripID: "a", time: Self.now + 75, minutes: 1, isDue: false),
            ], label: RouteLabel(shortName: "005", textColor: "FFFFFF")),
        ])
        #expect(Self.json(board) == #"{"type":"arrivals","bus_stop":"8052","ts":1705750000,"groups":[{"route":"00502-20160512154122_v40.34","route_short_name":"005","route_text_color":"FFFFFF","direction":"0","headsign":"Britomart","arrivals":[{"time":1705750075,"minutes":1,"due":false}]}]}"#)
    }

    @Test("A cancelled trip's arrival says so, on the board and the sign")
    func cancelled() {
        let board = ArrivalBoard(kind: .busStop, stationID: "8002", timestamp: Self.now, groups: [
            ArrivalGroup(routeID: "R1", direction: "0", headsign: "Pt Chevalier", arrivals: [
                Arrival(tripID: "T1", time: Self.now + 130, minutes: 2, isDue: false, isCancelled: true),
            ]),
        ])
        #expect(Self.json(board).contains(#""arrivals":[{"time":1705750130,"minutes":2,"due":false,"cancelled":true}]"#))
        var writer = JSONWriter()
        board.writeSignJSON(name: "B", rows: 1, to: &writer)
        #expect(writer.string.contains(#""due":false,"cancelled":true,"text":"R1 Pt Chevalier  Cancelled"}"#))
    }

    @Test("The latest instant a feed may give is written as a whole number, without trapping")
    func latestInstant() {
        let latest = FeedTime.latest
        let board = ArrivalBoard(stationID: "D", timestamp: 5_000, groups: [
            ArrivalGroup(routeID: "X", direction: "N", headsign: nil, arrivals: [
                Arrival(tripID: "1_X..N", time: Double(latest), minutes: nil, isDue: false),
            ]),
        ])
        #expect(Self.json(board).contains("\"time\":\(latest)"))
    }
}
