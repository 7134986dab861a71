import Foundation
import Testing
import TransitEngine
@testable import TracksideServer

/// `{"op":"subscribe","region":"all"}` and `GET /api/vehicles?region=all`: the whole network as one view, wherever
/// its vehicles are, answered with a snapshot and deltas like a box and held to the same view budget (in the hub's
/// suite, with its helpers).
extension PushHubTests {
    // Manhattan, the far end of Staten Island, and a vehicle of another continent's network: no city box holds all three.
    var manhattan: VehicleState { vehicle("manhattan", lon: -73.985, lat: 40.758) }
    var tottenville: VehicleState { vehicle("tottenville", lon: -74.251, lat: 40.512, route: "SI") }
    var paris: VehicleState { vehicle("paris", lon: 2.3522, lat: 48.8566, route: "M15", kind: .bus) }

    @Test func wholeNetworkRequestsParseAndWhatIsNotOneIsRefused() throws {
        let all = try ClientRequest(parsing: #"{"op":"subscribe","region":"all","layers":["subway"],"routes":["7"]}"#)
        guard case .subscribe(let view) = all else { Issue.record("not a subscribe: \(all)"); return }
        #expect(view.wholeNetwork && view.box == .world)
        #expect(view.filter == VehicleFilter(kinds: [.subway], routes: ["7"]))
        let resume = try ClientRequest(parsing: #"{"op":"resume","epoch":"e","seq":3,"region":"all"}"#)
        guard case .resume(_, 3, let resumed) = resume else { Issue.record("not a resume: \(resume)"); return }
        #expect(resumed.wholeNetwork)
        // A bbox is never a whole-network view, however large.
        guard case .subscribe(let world) = try ClientRequest(parsing: #"{"op":"subscribe","bbox":[-180,-90,180,90]}"#) else { return }
        #expect(!world.wholeNetwork && world.region(on: Self.grid) == view.region(on: Self.grid).withFilter(.all))
        for (text, words) in [
            (#"{"op":"subscribe","region":"manhattan"}"#, #"region must be "all""#),
            (#"{"op":"subscribe","region":"all","bbox":[0,0,1,1]}"#, #"one of "bbox" and "region""#),
            (#"{"op":"subscribe"}"#, #"needs "bbox":[minLon,minLat,maxLon,maxLat] or "region":"all""#),
            (#"{"op":"subscribe","region":["all"]}"#, #""region" has the wrong type"#),
            (#"{"op":"resume","epoch":"e","seq":1,"region":"everything"}"#, #"region must be "all""#),
        ] {
            #expect {
                try ClientRequest(parsing: text)
            } throws: { error in
                let refusal = error as? PushRequestError
                return refusal?.code == .badRequest && refusal?.message.contains(words) == true
            }
        }
    }

    @Test func wholeNetworkRESTFormTakesRegionAllOrABox() throws {
        let all = try ClientRequest.ViewRequest(query: nil, region: "all", layers: "bus", routes: nil)
        #expect(all.wholeNetwork && all.filter.kinds == [.bus])
        #expect(throws: PushRequestError(.badRequest, "bbox=minLon,minLat,maxLon,maxLat or region=all is required")) {
            try ClientRequest.ViewRequest(query: nil, layers: nil, routes: nil)
        }
        #expect(throws: PushRequestError(.badRequest, #"a view takes one of "bbox" and "region", not both"#)) {
            try ClientRequest.ViewRequest(query: "0,0,1,1", region: "all", layers: nil, routes: nil)
        }
        #expect(throws: PushRequestError.self) { try ClientRequest.ViewRequest(query: nil, region: "ALL", layers: nil, routes: nil) }
    }

    @Test func wholeNetworkSubscribersGetEveryVehicleThenSharedDeltas() throws {
        var hub = hub()
        _ = hub.publish([manhattan, tottenville, paris], now: 1000)
        let (first, second, trains) = (ClientID(1), ClientID(2), ClientID(3))
        for client in [first, second, trains] { _ = hub.connect(client) }
        let snapshot = try message(to: first, in: hub.receive(#"{"op":"subscribe","region":"all"}"#, from: first, now: 1000))
        #expect(snapshot.type == "snapshot" && snapshot.vehicleIDs == ["manhattan", "paris", "tottenville"])
        _ = hub.receive(#"{"op":"subscribe","region":"all"}"#, from: second, now: 1000)
        let subway = try message(to: trains, in: hub.receive(#"{"op":"subscribe","region":"all","layers":["subway"]}"#, from: trains, now: 1000))
        #expect(subway.vehicleIDs == ["manhattan", "tottenville"])
        // Two whole-network views with the same filter are one region: one frame a tick for both.
        #expect(hub.regionCount == 2 && hub.subscriptionCount == 3)

        var moved = paris
        moved.position.longitude += 0.5
        let arrived = vehicle("arrived", lon: 151.2093, lat: -33.8688)
        let deliveries = hub.publish([manhattan, moved, arrived], now: 1001)
        let shared = try #require(deliveries.first { $0.recipients.contains(first) })
        #expect(Set(shared.recipients) == [first, second])
        let delta = try DecodedMessage(shared.message)
        #expect(delta.type == "delta" && delta.seq == 2)
        #expect(delta.upsertIDs == ["arrived", "paris"] && delta.removals == ["tottenville"])
        let trainDelta = try message(to: trains, in: deliveries)
        // (A delta may remove ids the client never had, as the protocol allows: the bus that moved.)
        #expect(trainDelta.upsertIDs == ["arrived"] && trainDelta.removals.contains("tottenville"))
        // REST's twin lists what the subscriber now shows.
        let rest = try DecodedMessage(hub.vehicleList(ClientRequest.ViewRequest(query: nil, region: "all", layers: nil, routes: nil)))
        #expect(rest.vehicleIDs == ["arrived", "manhattan", "paris"] && rest.seq == 2)
    }

    @Test func wholeNetworkIsReachedFromABoxByADeltaAndResumed() throws {
        var hub = hub()
        _ = hub.publish([manhattan, tottenville, paris], now: 1000)
        let client = ClientID(1)
        _ = hub.connect(client)
        _ = hub.receive(#"{"op":"subscribe","bbox":[-74.0,40.75,-73.97,40.77]}"#, from: client, now: 1000)
        let widened = try message(to: client, in: hub.receive(#"{"op":"subscribe","region":"all"}"#, from: client, now: 1000.5))
        #expect(widened.type == "delta" && widened.upsertIDs == ["paris", "tottenville"] && widened.removals.isEmpty)
        // A resume of the whole network folds the missed ticks like a box's.
        _ = hub.publish([manhattan, paris], now: 1001)
        let resumed = try message(to: client, in: hub.receive(#"{"op":"resume","epoch":"epoch-1","seq":1,"region":"all"}"#,
                                                              from: ClientID(1), now: 1001))
        #expect(resumed.type == "delta" && resumed.removals == ["tottenville"] && resumed.upsertIDs.isEmpty)
    }

    @Test func wholeNetworkOverTheBudgetIsRefusedWithWhatToDoAndNeverThinned() throws {
        var hub = hub { $0.limits.maximumVehiclesPerView = 2 }
        _ = hub.publish([manhattan, tottenville, paris], now: 1000)
        let client = ClientID(1)
        _ = hub.connect(client)
        _ = hub.receive(#"{"op":"subscribe","region":"all","layers":["subway"]}"#, from: client, now: 1000)
        let refused = try message(to: client, in: hub.receive(#"{"op":"subscribe","region":"all"}"#, from: client, now: 1000))
        let words = "the whole network holds 3 vehicles; the limit is 2; narrow it with layers or routes, or read every vehicle from /gtfs-rt/vehicle-positions.pb"
        #expect(refused.code == "bbox_too_large" && refused.object["message"] as? String == words)
        #expect(throws: PushRequestError(.bboxTooLarge, words)) {
            try hub.vehicleList(ClientRequest.ViewRequest(query: nil, region: "all", layers: nil, routes: nil))
        }
        // The refusal changed nothing: the whole subway network is still the view, both trains in it.
        var moved = tottenville
        moved.status = .stopped
        #expect(try message(to: client, in: hub.publish([manhattan, moved, paris], now: 1001)).upsertIDs == ["tottenville"])
        // The byte budget words it the same way.
        let bytes = [manhattan, tottenville, paris].map { PublishedVehicle($0, grid: Self.grid) }.reduce(0) { $0 + $1.json.count + 1 }
        var heavy = self.hub { $0.limits.maximumBytesPerView = bytes - 1 }
        _ = heavy.publish([manhattan, tottenville, paris], now: 1000)
        #expect(throws: PushRequestError(.bboxTooLarge, "the whole network's vehicles take \(bytes) bytes; the limit is \(bytes - 1) bytes"
                                            + PushLimits.narrowing)) {
            try heavy.vehicleList(ClientRequest.ViewRequest(query: nil, region: "all", layers: nil, routes: nil))
        }
    }
}

extension Region {
    func withFilter(_ filter: VehicleFilter) -> Region { Region(tiles: tiles, filter: filter) }
}
