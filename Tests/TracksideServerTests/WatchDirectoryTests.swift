import Testing
import TransitEngine
@testable import TracksideServer

/// A watch of a station, bus stop, route or vehicle the server does not have is refused with `not_found` and
/// changes nothing; what exists is watched as before (no sockets).
@Suite struct WatchDirectoryTests {
    func hub() -> PushHub {
        var configuration = PushHub.Configuration(epoch: "epoch-1", source: "replay")
        configuration.directory = WatchDirectory(places: ["127", "404303"], routes: ["1", "M15"])
        return PushHub(configuration: configuration)
    }

    func replies(_ hub: inout PushHub, _ text: String, from client: ClientID) throws -> [DecodedMessage] {
        try hub.receive(text, from: client, now: 1000).filter { $0.recipients.contains(client) }.map { try DecodedMessage($0.message) }
    }

    @Test func unknownTargetsAreNotFoundAndKnownOnesAreWatched() throws {
        var hub = hub()
        let client = ClientID(1)
        _ = hub.connect(client)
        _ = hub.publish([vehicle("train", lon: -73.99, lat: 40.75)], now: 1000)
        for (text, what) in [(#"{"op":"watch","station":"999"}"#, "no station or bus stop 999"),
                             (#"{"op":"watch","bus_stop":"1"}"#, "no station or bus stop 1"),
                             (#"{"op":"watch","route":"Q"}"#, "no route Q"),
                             (#"{"op":"watch","vehicle":"ghost"}"#, "no vehicle ghost now")] {
            let reply = try replies(&hub, text, from: client)
            #expect(reply.count == 1 && reply[0].type == "error", "\(text)")
            #expect(reply[0].object["code"] as? String == "not_found" && reply[0].object["message"] as? String == what)
        }
        #expect(hub.watchCount == 0 && hub.watchedStations.isEmpty, "a refused watch changes nothing")
        for text in [#"{"op":"watch","station":"127"}"#, #"{"op":"watch","bus_stop":"404303"}"#,
                     #"{"op":"watch","route":"M15"}"#, #"{"op":"watch","vehicle":"train"}"#] {
            #expect(try replies(&hub, text, from: client).allSatisfy { $0.type != "error" }, "\(text)")
        }
        #expect(hub.watchCount == 4 && hub.watchedStations == ["127", "404303"])
        // Unwatching what is not watched (or does not exist) stays silent, as before.
        #expect(try replies(&hub, #"{"op":"unwatch","station":"999"}"#, from: client).isEmpty)
    }

    @Test func aHubWithoutADirectoryAcceptsAnyPlaceAndRoute() throws {
        var hub = PushHub(configuration: PushHub.Configuration(epoch: "e", source: "demo"))
        _ = hub.connect(ClientID(1))
        let reply = try replies(&hub, #"{"op":"watch","station":"anything"}"#, from: ClientID(1))
        #expect(reply.allSatisfy { $0.type != "error" } && hub.watchedStations == ["anything"])
    }
}
