import Testing
import TransitEngine
@testable import TracksideServer

@Suite struct ClientRequestTests {
    func error(_ text: String) -> PushRequestError? {
        do {
            _ = try ClientRequest(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryOperation() throws {
        let subscribe = try ClientRequest(parsing: #"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"layers":["subway"],"routes":["A","M15"]}"#)
        #expect(subscribe == .subscribe(.init(box: box(-74, 40.7, -73.9, 40.8),
                                               filter: VehicleFilter(kinds: [.subway], routes: ["A", "M15"]))))
        let resume = try ClientRequest(parsing: #"{"op":"resume","epoch":"e1","seq":42,"bbox":[-74,40.7,-73.9,40.8]}"#)
        #expect(resume == .resume(epoch: "e1", seq: 42, view: .init(box: box(-74, 40.7, -73.9, 40.8))))
        #expect(try ClientRequest(parsing: #"{"op":"watch","station":"127"}"#) == .watch(station: "127"))
        #expect(try ClientRequest(parsing: #"{"station":"A27N","op":"unwatch"}"#) == .unwatch(station: "A27N"))
        // A bus stop is watched by its id under "bus_stop".
        #expect(try ClientRequest(parsing: #"{"op":"watch","bus_stop":"404303"}"#) == .watch(station: "404303"))
        #expect(try ClientRequest(parsing: #"{"op":"unwatch","bus_stop":"404303"}"#) == .unwatch(station: "404303"))
        #expect(try ClientRequest(parsing: #"{"op":"watch","route":"6X"}"#) == .watchRoute(route: "6X"))
        #expect(try ClientRequest(parsing: #"{"op":"unwatch","route":"M15"}"#) == .unwatchRoute(route: "M15"))
        // Bus Time's Select Bus Service routes carry a '+', in a watch and in a subscribe's routes.
        #expect(try ClientRequest(parsing: #"{"op":"watch","route":"M15+"}"#) == .watchRoute(route: "M15+"))
        #expect(try ClientRequest(parsing: #"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"routes":["M15+"]}"#)
            == .subscribe(.init(box: box(-74, 40.7, -73.9, 40.8), filter: VehicleFilter(routes: ["M15+"]))))
        // Vehicle ids are the feeds' own: trip ids with dots, bus refs with a space.
        #expect(try ClientRequest(parsing: #"{"op":"watch","vehicle":"134100_1..S03R"}"#) == .watchVehicle(vehicle: "134100_1..S03R"))
        #expect(try ClientRequest(parsing: #"{"op":"unwatch","vehicle":"MTA NYCT_7210"}"#) == .unwatchVehicle(vehicle: "MTA NYCT_7210"))
    }

    @Test func validatesTheRESTBoundingBox() throws {
        #expect(try ClientRequest.boundingBox(query: "-74,40.7,-73.9,40.8") == box(-74, 40.7, -73.9, 40.8))
        for bad in [nil, "", "1,2,3", "a,b,c,d", "-73.9,40.7,-74,40.8", "-74,40.7,-73.9,95", "-74,40.7,-73.9,40.8,1", "nan,0,1,1"] {
            #expect(throws: PushRequestError.self) { _ = try ClientRequest.boundingBox(query: bad) }
        }
    }

    @Test(arguments: [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9"#, "not valid JSON"),
        ("\u{0}\u{1}garbage\u{ff}", "not valid JSON"),
        ("[1,2,3]", "wrong type"),
        ("42", "wrong type"),
        (#"{"bbox":[1,2,3,4]}"#, "missing \"op\""),
        (#"{"op":7}"#, "\"op\" has the wrong type"),
        (#"{"op":"dance"}"#, "unknown op"),
        (#"{"op":"subscribe"}"#, "needs \"bbox\""),
        (#"{"op":"subscribe","bbox":"-74,40,-73,41"}"#, "\"bbox\" has the wrong type"),
        (#"{"op":"subscribe","bbox":[-74,40.7,"x",40.8]}"#, "\"bbox[2]\" has the wrong type"),
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9]}"#, "exactly 4 numbers"),
        (#"{"op":"subscribe","bbox":[-73.9,40.7,-74,40.8]}"#, "min <= max"),
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9,400]}"#, "latitudes"),
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"layers":["hovercraft"]}"#, "unknown layer"),
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"routes":[""]}"#, "route ids"),
        // Subscribe's routes follow the same rule as a watched route (docs/PROTOCOL.md).
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"routes":["A B"]}"#, "route ids"),
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"routes":["<script>"]}"#, "route ids"),
        (#"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"routes":["\#(String(repeating: "A", count: 33))"]}"#, "route ids"),
        // A fractional or huge seq is a bad seq, not bad JSON.
        (#"{"op":"resume","epoch":"e","seq":1.5,"bbox":[-74,40.7,-73.9,40.8]}"#, "\"seq\" must be a whole number"),
        (#"{"op":"resume","epoch":"e","seq":1e30,"bbox":[-74,40.7,-73.9,40.8]}"#, "\"seq\" must be a whole number"),
        (#"{"op":"resume","epoch":"e","seq":"3","bbox":[-74,40.7,-73.9,40.8]}"#, "\"seq\" has the wrong type"),
        (#"{"op":"resume","seq":3,"bbox":[-74,40.7,-73.9,40.8]}"#, "needs \"epoch\""),
        (#"{"op":"resume","epoch":"e","seq":-3,"bbox":[-74,40.7,-73.9,40.8]}"#, "\"seq\""),
        (#"{"op":"resume","epoch":"e","bbox":[-74,40.7,-73.9,40.8]}"#, "needs \"seq\""),
        (#"{"op":"watch"}"#, "needs \"station\""),
        (#"{"op":"watch","bus_stop":"40 43"}"#, "station ids are"),
        (#"{"op":"watch","station":"12 7"}"#, "station ids"),
        (#"{"op":"watch","station":null}"#, "needs \"station\""),
        (#"{"op":"watch","route":""}"#, "route ids"),
        (#"{"op":"watch","route":"[A]"}"#, "route ids"),
        (#"{"op":"watch","station":"12+"}"#, "station ids"),
        (#"{"op":"watch","route":7}"#, "\"route\" has the wrong type"),
        (#"{"op":"unwatch","station":"127","route":"1"}"#, "one of"),
        (#"{"op":"watch","route":"1","vehicle":"t1"}"#, "one of"),
        (#"{"op":"watch","vehicle":""}"#, "vehicle ids"),
        (#"{"op":"watch","vehicle":"a\u0007b"}"#, "vehicle ids"),
        (#"{"op":"watch","vehicle":"\#(String(repeating: "x", count: 129))"}"#, "vehicle ids"),
        (#"{"op":"watch","vehicle":12}"#, "\"vehicle\" has the wrong type"),
    ])
    func refusesBadInputWithAReason(text: String, reason: String) throws {
        let refused = try #require(error(text))
        #expect(refused.code == .badRequest)
        #expect(refused.message.contains(reason), "\(refused.message)")
    }

    @Test func refusesOversizedMessagesBeforeParsing() throws {
        let routes = Array(repeating: "\"M15\"", count: 2000).joined(separator: ",")
        let refused = try #require(error(#"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"routes":[\#(routes)]}"#))
        #expect(refused.code == .badRequest && refused.message.contains("limit"))
        let tooMany = (0...ClientRequest.maximumRoutes).map { "\"R\($0)\"" }.joined(separator: ",")
        #expect(error(#"{"op":"subscribe","bbox":[-74,40.7,-73.9,40.8],"routes":[\#(tooMany)]}"#)?.message.contains("at most") == true)
    }

    @Test func everyTruncationOfAValidMessageIsRefusedCleanly() {
        let text = #"{"op":"resume","epoch":"abc","seq":12,"bbox":[-74.01,40.70,-73.95,40.75],"layers":["bus"],"routes":["M15"]}"#
        for length in 0..<text.count {
            #expect(error(String(text.prefix(length)))?.code == .badRequest)
        }
    }
}
