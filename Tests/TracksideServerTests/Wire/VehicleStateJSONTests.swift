import Foundation
import Testing
import TracksideServer
import TransitEngine

@Suite struct VehicleStateJSONTests {
    @Test func movingTrainCarriesItsSegment() throws {
        let state = VehicleState(
            id: "131000_1..N03R", kind: .subway, route: "1", trip: "131000_1..N03R", direction: "N",
            headsign: "Van Cortlandt Park-242 St", position: Coordinate(latitude: 40.7527049, longitude: -73.987654),
            bearing: 29.6, status: .moving, stop: "127N", nextStop: "126N",
            motion: .init(path: [Coordinate(latitude: 40.75270, longitude: -73.98765),
                                 Coordinate(latitude: 40.75999, longitude: -73.98330)],
                          startTime: 1_705_795_698, endTime: 1_705_795_790.25),
            age: 12.4, source: .inferred, flags: [.stale, .stalled], feedTimestamp: 1_705_795_698)
        #expect(state.json == """
            {"id":"131000_1..N03R","kind":"subway","route":"1","trip":"131000_1..N03R","dir":"N",\
            "headsign":"Van Cortlandt Park-242 St","lat":40.7527,"lon":-73.98765,"bearing":30,"status":"moving",\
            "stop":"127N","next":"126N","seg":{"t0":1705795698,"t1":1705795790.25,\
            "path":[[-73.98765,40.7527],[-73.9833,40.75999]]},"age":12,"src":"inferred",\
            "flags":["stale","stalled"],"ts":1705795698}
            """)
        #expect(try JSONSerialization.jsonObject(with: Data(state.json.utf8)) is [String: Any])
    }

    @Test func absentFieldsAreOmitted() {
        let bus = VehicleState(id: "MTA NYCT_7582", kind: .bus, route: "M15",
                               position: Coordinate(latitude: 40.8, longitude: -73.9), bearing: 180,
                               status: .unknown, age: 0, source: .gps, feedTimestamp: 0)
        #expect(bus.json == #"{"id":"MTA NYCT_7582","kind":"bus","route":"M15","lat":40.8,"lon":-73.9,"bearing":180,"status":"unknown","age":0,"src":"gps","ts":0}"#)
    }

    /// A route riders know by another name than its id carries that name and its colours after `route`.
    @Test func aLabelledRouteCarriesItsShortNameAndColours() {
        let bus = VehicleState(id: "bus-1", kind: .bus, route: "00502-20160512154122_v40.34",
                               label: RouteLabel(shortName: "005", color: "7BC142", textColor: "000000"),
                               position: Coordinate(latitude: -36.85, longitude: 174.76), bearing: 0,
                               status: .moving, age: 3, source: .inferred, feedTimestamp: 1)
        #expect(bus.json.hasPrefix(#"{"id":"bus-1","kind":"bus","route":"00502-20160512154122_v40.34","route_short_name":"005","route_color":"7BC142","route_text_color":"000000","lat":"#))
        var colourless = bus
        colourless.label = RouteLabel(shortName: "005")
        #expect(colourless.json.contains(#""route_short_name":"005","lat""#))
        #expect(!colourless.json.contains("route_color"))
    }
}
