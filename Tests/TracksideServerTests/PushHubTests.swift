import Foundation
import Testing
import TestSupport
import TransitData
import TransitEngine
import TestSupport
@testable import TracksideServer

@Suite struct PushHubTests {
    static let grid = TileGrid(longitudeStep: 0.01, latitudeStep: 0.01)

    func hub(_ adjust: (inout PushHub.Configuration) -> Void = { _ in }) -> PushHub {
        var configuration = PushHub.Configuration(epoch: "epoch-1", source: "replay")
        configuration.grid = Self.grid
        adjust(&configuration)
        return PushHub(configuration: configuration)
    }

    func subscribe(_ bbox: BoundingBox, layers: String = "") -> String {
        #"{"op":"subscribe","bbox":[\#(bbox.minLongitude),\#(bbox.minLatitude),\#(bbox.maxLongitude),\#(bbox.maxLatitude)]\#(layers)}"#
    }

    /// The only message `deliveries` sends to `client`.
    func message(to client: ClientID, in deliveries: [PushHub.Delivery]) throws -> DecodedMessage {
        let mine = deliveries.filter { $0.recipients.contains(client) }
        try #require(mine.count == 1)
        return try DecodedMessage(mine[0].message)
    }

    let west = vehicle("west", lon: -73.995, lat: 40.705)
    let east = vehicle("east", lon: -73.975, lat: 40.705)
    let bus = vehicle("bus", lon: -73.994, lat: 40.706, route: "M15", kind: .bus)
    let westBox = box(-73.999, 40.701, -73.991, 40.709)
    let eastBox = box(-73.979, 40.701, -73.971, 40.709)

    @Test func helloNamesServerEpochAndSource() throws {
        var hub = hub()
        let hello = try DecodedMessage(hub.connect(ClientID(1)).message)
        #expect(hello.type == "hello")
        #expect(hello.object["server"] as? String == "trackside/\(TracksideVersion.current)")
        #expect(hello.object["epoch"] as? String == "epoch-1" && hello.object["source"] as? String == "replay")
        #expect(hello.object["protocol"] as? Int == 1)
    }

    @Test func helloAnnouncesTheConfiguredVersion() throws {
        var hub = hub { $0.version = "9.9.9-test" }
        let hello = try DecodedMessage(hub.connect(ClientID(1)).message)
        #expect(hello.object["server"] as? String == "trackside/9.9.9-test")
    }

    @Test func firstSubscribeIsASnapshotAndPanningIsADelta() throws {
        var hub = hub()
        _ = hub.publish([west, east, bus], now: 1000)
        let client = ClientID(1)
        _ = hub.connect(client)
        let snapshot = try message(to: client, in: hub.receive(subscribe(westBox), from: client, now: 1000.1))
        #expect(snapshot.type == "snapshot" && snapshot.seq == 1)
        #expect(snapshot.vehicleIDs == ["bus", "west"])
        #expect(snapshot.object["ts"] as? Int == 1_000_100)
        // Panning to a box covering both: only the newcomer is sent.
        let wide = box(-73.999, 40.701, -73.971, 40.709)
        let grow = try message(to: client, in: hub.receive(subscribe(wide), from: client, now: 1000.2))
        #expect(grow.type == "delta" && grow.upsertIDs == ["east"] && grow.removals.isEmpty)
        // Narrowing to the east and to trains only removes what left the view.
        let shrink = try message(to: client, in: hub.receive(subscribe(eastBox, layers: #","layers":["subway"]"#), from: client, now: 1000.3))
        #expect(shrink.upsertIDs.isEmpty && shrink.removals == ["bus", "west"])
    }

    @Test func aTickSendsOneSharedDeltaPerChangedRegionOnly() throws {
        var hub = hub()
        _ = hub.publish([west, east], now: 1000)
        for id in 1...3 { _ = hub.connect(ClientID(UInt64(id))) }
        _ = hub.receive(subscribe(westBox), from: ClientID(1), now: 1000)
        // Client 2's box differs but rounds to the same tiles, so it shares client 1's frame.
        _ = hub.receive(subscribe(box(-73.998, 40.702, -73.992, 40.708)), from: ClientID(2), now: 1000)
        _ = hub.receive(subscribe(eastBox), from: ClientID(3), now: 1000)
        #expect(hub.regionCount == 2)
        var moved = west
        moved.position.latitude += 0.001
        let deliveries = hub.publish([moved, east], now: 1001)
        #expect(deliveries.count == 2)
        #expect(Set(deliveries[0].recipients) == [ClientID(1), ClientID(2)])
        let delta = try DecodedMessage(deliveries[0].message)
        #expect(delta.type == "delta" && delta.seq == 2 && delta.upsertIDs == ["west"] && delta.removals.isEmpty)
        // The quiet region still learns the tick happened, with an empty delta.
        #expect(deliveries[1].recipients == [ClientID(3)])
        let quiet = try DecodedMessage(deliveries[1].message)
        #expect(quiet.type == "delta" && quiet.seq == 2 && quiet.upsertIDs.isEmpty && quiet.removals.isEmpty)
        let idle = hub.publish([moved, east], now: 1002)
        #expect(idle.count == 1 && Set(idle[0].recipients) == [ClientID(1), ClientID(2), ClientID(3)])
        #expect(try DecodedMessage(idle[0].message).seq == 3)
        _ = hub.connect(ClientID(4))
        #expect(hub.publish([moved, east], now: 1003).flatMap(\.recipients).count == 3)
    }

    @Test func aWholeCityViewIsWithinTheBudget() throws {
        var hub = hub()
        _ = hub.publish([west, east, bus], now: 1000)
        let client = ClientID(1)
        _ = hub.connect(client)
        // New York from Tottenville to the Bronx and Jamaica Bay to the Hudson: about 48 by 47 km.
        let city = box(-74.26, 40.49, -73.70, 40.92)
        #expect(max(city.widthKilometres, city.heightKilometres) > 47)
        let snapshot = try message(to: client, in: hub.receive(subscribe(city), from: client, now: 1000))
        #expect(snapshot.type == "snapshot" && snapshot.vehicleIDs == ["bus", "east", "west"])
        #expect(try hub.vehicleList(.init(box: box(-80, 35, -70, 45))).isEmpty == false, "size alone is never refused")
    }

    @Test func oversizedViewsAreRefusedAndTheOldViewStays() throws {
        var hub = hub { $0.limits.maximumVehiclesPerView = 2 }
        _ = hub.publish([west, east, bus], now: 1000)
        let client = ClientID(1)
        _ = hub.connect(client)
        _ = hub.receive(subscribe(eastBox), from: client, now: 1000)
        let crowded = try message(to: client, in: hub.receive(subscribe(box(-73.999, 40.701, -73.971, 40.709)), from: client, now: 1000))
        #expect(crowded.code == "bbox_too_large" && (crowded.object["message"] as? String)?.contains("3 vehicles") == true)
        #expect(throws: PushRequestError(.bboxTooLarge, "the view holds 3 vehicles; the limit is 2")) {
            try hub.vehicleList(.init(box: box(-73.999, 40.701, -73.971, 40.709)))
        }
        var moved = east
        moved.bearing = 180
        let delta = try message(to: client, in: hub.publish([west, moved, bus], now: 1001))
        #expect(delta.upsertIDs == ["east"])
        #expect(try message(to: client, in: hub.publish([moved], now: 1002)).removals.isEmpty)
    }

    @Test func viewsOverTheByteBudgetAreRefused() throws {
        let published = [west, east, bus].map { PublishedVehicle($0, grid: Self.grid) }
        let bytes = published.reduce(0) { $0 + $1.json.count + 1 }
        var hub = hub { $0.limits.maximumBytesPerView = bytes - 1 }
        _ = hub.publish([west, east, bus], now: 1000)
        let client = ClientID(1)
        _ = hub.connect(client)
        _ = hub.receive(subscribe(eastBox), from: client, now: 1000)
        let all = box(-73.999, 40.701, -73.971, 40.709)
        let heavy = try message(to: client, in: hub.receive(subscribe(all), from: client, now: 1000))
        #expect(heavy.code == "bbox_too_large")
        #expect(heavy.object["message"] as? String == "the view's vehicles take \(bytes) bytes; the limit is \(bytes - 1) bytes")
        #expect(throws: PushRequestError(.bboxTooLarge, "the view's vehicles take \(bytes) bytes; the limit is \(bytes - 1) bytes")) {
            try hub.vehicleList(.init(box: all))
        }
        // The refused subscribe changed nothing: the east view is still in force, and one byte more admits all three.
        #expect(try message(to: client, in: hub.publish([west, east, bus], now: 1001)).upsertIDs.isEmpty)
        var roomier = self.hub { $0.limits.maximumBytesPerView = bytes }
        _ = roomier.publish([west, east, bus], now: 1000)
        _ = roomier.connect(client)
        #expect(try message(to: client, in: roomier.receive(subscribe(all), from: client, now: 1000)).vehicleIDs.count == 3)
    }

    @Test func subscribeFloodsAreRateLimited() throws {
        var hub = hub()
        let client = ClientID(1)
        _ = hub.connect(client)
        for _ in 0..<10 {
            #expect(try message(to: client, in: hub.receive(subscribe(westBox), from: client, now: 50)).type != "error")
        }
        let limited = try message(to: client, in: hub.receive(subscribe(eastBox), from: client, now: 50))
        #expect(limited.code == "rate_limited" && (limited.object["message"] as? String)?.contains("500 ms") == true)
        #expect(hub.rateLimitedCount == 1)
        #expect(try message(to: client, in: hub.receive(subscribe(eastBox), from: client, now: 50.6)).type == "delta")
        // The count outlives the connection: it is a server-wide counter.
        hub.disconnect(client)
        #expect(hub.rateLimitedCount == 1 && hub.subscriptionCount == 0)
    }

    @Test func malformedMessagesGetAnErrorAndTheSessionContinues() throws {
        var hub = hub()
        let client = ClientID(1)
        _ = hub.connect(client)
        let garbage = try message(to: client, in: hub.receive("\u{7}{{not json", from: client, now: 1))
        #expect(garbage.type == "error" && garbage.code == "bad_request")
        #expect(try message(to: client, in: hub.receive(subscribe(westBox), from: client, now: 1)).type == "snapshot")
        #expect(hub.receive("{}", from: ClientID(99), now: 1).isEmpty)
    }

    @Test func resumeSendsTheMissedChangesWithinTheEpochAndASnapshotOtherwise() throws {
        var hub = hub { $0.historyRetention = 10 }
        _ = hub.publish([west, east], now: 1000)
        let view = #""bbox":[-73.999,40.701,-73.971,40.709]"#
        var gone = west
        gone.position.longitude = -73.5
        _ = hub.publish([gone, bus], now: 1001)
        let client = ClientID(1)
        _ = hub.connect(client)
        let resumed = try message(to: client, in: hub.receive(#"{"op":"resume","epoch":"epoch-1","seq":1,\#(view)}"#, from: client, now: 1001))
        #expect(resumed.type == "delta" && resumed.seq == 2)
        #expect(resumed.upsertIDs == ["bus"] && resumed.removals == ["east", "west"])
        let otherEpoch = try message(to: client, in: hub.receive(#"{"op":"resume","epoch":"old","seq":1,\#(view)}"#, from: client, now: 1001))
        #expect(otherEpoch.type == "snapshot" && otherEpoch.vehicleIDs == ["bus"])
        for second in 2...20 { _ = hub.publish([gone, bus], now: 1000 + Double(second)) }
        let tooOld = try message(to: client, in: hub.receive(#"{"op":"resume","epoch":"epoch-1","seq":1,\#(view)}"#, from: client, now: 1020))
        #expect(tooOld.type == "snapshot" && tooOld.seq == 21)
        let future = try message(to: client, in: hub.receive(#"{"op":"resume","epoch":"epoch-1","seq":99,\#(view)}"#, from: client, now: 1020))
        #expect(future.type == "snapshot")
    }

    @Test func watchersReceiveStationMessagesWhenTheyChange() throws {
        var hub = hub { $0.limits.maximumWatches = 2 }
        let (watcher, other) = (ClientID(1), ClientID(2))
        _ = hub.connect(watcher)
        _ = hub.connect(other)
        // No arrivals computed yet: only the (empty) current alerts.
        let watched = try message(to: watcher, in: hub.receive(#"{"op":"watch","station":"127"}"#, from: watcher, now: 1))
        #expect(watched.type == "alerts" && watched.object["reset"] as? Bool == true)
        #expect(hub.watchedStations == ["127"])
        let board = ArrivalBoard(stationID: "127", timestamp: 1, groups: [])
        let first = ServerMessage.arrivals(board)
        let sent = hub.updateBoards([board])
        #expect(sent.count == 1 && sent[0].recipients == [watcher] && sent[0].message == first)
        #expect(hub.updateBoards([board]).isEmpty)
        // A new watcher gets the latest message at once.
        let late = hub.receive(#"{"op":"watch","station":"127"}"#, from: other, now: 1)
        #expect(late.count == 2 && late[0].message == first)
        _ = hub.receive(#"{"op":"watch","station":"A27"}"#, from: watcher, now: 1)
        #expect(hub.watchCount == 3 && hub.subscriptionCount == 0)
        let limit = try message(to: watcher, in: hub.receive(#"{"op":"watch","station":"R16"}"#, from: watcher, now: 1))
        #expect(limit.code == "too_many_watches")
        _ = hub.receive(#"{"op":"unwatch","station":"127"}"#, from: watcher, now: 1)
        hub.disconnect(other)
        #expect(hub.watchedStations == ["A27"] && hub.watchCount == 1)
        #expect(hub.updateBoards([ArrivalBoard(stationID: "127", timestamp: 2, groups: [], staleRoutes: ["1"])]).isEmpty)
    }

    @Test func stationWatchersReceiveElevatorsWhenWhatTheyShowChanges() throws {
        var hub = hub()
        let (watcher, other) = (ClientID(1), ClientID(2))
        _ = hub.connect(watcher)
        _ = hub.connect(other)
        _ = hub.receive(#"{"op":"watch","station":"127"}"#, from: watcher, now: 1)
        let lift = ElevatorEquipment(id: "EL233", kind: .elevator, stationName: "Times Sq", serving: "to uptown",
                                     isADA: true, stopIDs: ["127"])
        let inService = StationElevators(station: "127", statuses: [ElevatorStatus(equipment: lift, inService: true)],
                                         stale: false, updated: 10)
        let sent = hub.updateElevators([inService, StationElevators(station: "631", statuses: [], stale: false)])
        #expect(sent.count == 1 && sent[0].recipients == [watcher] && sent[0].message == ServerMessage.elevators(inService))
        // A later fetch with the same news is no change.
        #expect(hub.updateElevators([StationElevators(station: "127", statuses: inService.statuses, stale: false, updated: 70)]).isEmpty)
        // A later watcher gets the last message at once, after the alerts reset.
        let late = hub.receive(#"{"op":"watch","station":"127"}"#, from: other, now: 1)
        #expect(late.last?.message == ServerMessage.elevators(inService) && late.last?.recipients == [other])
        var out = inService
        out.statuses[0].inService = false
        out.statuses[0].reason = "Repair"
        #expect(Set(hub.updateElevators([out]).first?.recipients ?? []) == [watcher, other])
        var stale = out
        stale.stale = true
        let staleMessage = try #require(hub.updateElevators([stale]).first?.message)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(staleMessage)) as? [String: Any])
        let elevators = try #require(decoded["elevators"] as? [[String: Any]])
        #expect(decoded["type"] as? String == "elevators")
        #expect(decoded["elevators_stale"] as? Bool == true)
        #expect(elevators.first?["status"] as? String == "out_of_service")
    }

    @Test func vehicleWatchersReceiveTheCardWhenItChangesAndOnceWhenTheVehicleLeaves() throws {
        var hub = hub { $0.limits.maximumWatches = 2 }
        let (watcher, other) = (ClientID(1), ClientID(2))
        _ = hub.connect(watcher)
        _ = hub.connect(other)
        _ = hub.publish([west, east], now: 1000, feedTime: 500)
        // Nothing pushed yet: the card comes with the next tick's itineraries.
        #expect(hub.receive(#"{"op":"watch","vehicle":"west"}"#, from: watcher, now: 1000).isEmpty)
        #expect(hub.watchedVehicles == ["west"] && hub.watchCount == 1)
        let stops = Array(#""at":null,"stops":[{"stop":"101N","arrival":1100}]"#.utf8)
        let first = hub.updateVehicles(itineraries: ["west": stops])
        #expect(first.count == 1 && first[0].recipients == [watcher])
        let card = try DecodedMessage(first[0].message)
        #expect(card.type == "vehicle" && card.object["id"] as? String == "west")
        #expect((card.object["vehicle"] as? [String: Any])?["id"] as? String == "west")
        #expect((card.object["stops"] as? [[String: Any]])?.first?["stop"] as? String == "101N")
        // The same card is not sent again; a new watcher gets it at once.
        #expect(hub.updateVehicles(itineraries: ["west": stops]).isEmpty)
        let late = hub.receive(#"{"op":"watch","vehicle":"west"}"#, from: other, now: 1000)
        #expect(late.count == 1 && late[0].message == first[0].message)
        // A changed state is a changed card, for every watcher.
        var moved = west
        moved.status = .stopped
        _ = hub.publish([moved, east], now: 1001, feedTime: 501)
        let changed = hub.updateVehicles(itineraries: ["west": stops])
        #expect(changed.count == 1 && Set(changed[0].recipients) == [watcher, other])
        #expect((try DecodedMessage(changed[0].message).object["vehicle"] as? [String: Any])?["status"] as? String == "stopped")
        // Vehicles share the watch budget with stations and routes.
        _ = hub.receive(#"{"op":"watch","station":"127"}"#, from: watcher, now: 1001)
        let limit = try message(to: watcher, in: hub.receive(#"{"op":"watch","vehicle":"east"}"#, from: watcher, now: 1001))
        #expect(limit.code == "too_many_watches")
        // The vehicle leaves the feeds: one card saying so, then nothing.
        _ = hub.publish([east], now: 1002, feedTime: 502)
        let gone = hub.updateVehicles(itineraries: [:])
        #expect(gone.count == 1)
        let goneCard = try DecodedMessage(gone[0].message)
        #expect(goneCard.object["vehicle"] is NSNull && goneCard.object["stops"] == nil)
        #expect(hub.updateVehicles(itineraries: [:]).isEmpty)
        _ = hub.receive(#"{"op":"unwatch","vehicle":"west"}"#, from: watcher, now: 1002)
        hub.disconnect(other)
        #expect(hub.watchedVehicles.isEmpty && hub.watchCount == 1)
    }

    @Test func ticksAndSnapshotsCarryTheFeedsClock() throws {
        var hub = hub()
        let client = ClientID(1)
        _ = hub.connect(client)
        _ = hub.publish([west], now: 1000, feedTime: 1_464_983_000.7)
        let snapshot = try message(to: client, in: hub.receive(subscribe(westBox), from: client, now: 1000.1))
        #expect(snapshot.object["feed_ts"] as? Int == 1_464_983_000)
        // The feeds' clock ran with the tick's: the delta leaves it out, the client keeps its offset.
        let delta = try message(to: client, in: hub.publish([west], now: 1001, feedTime: 1_464_983_001.2))
        #expect(delta.object["feed_ts"] == nil && delta.object["ts"] as? Int == 1_001_000)
        // A replay jumping ahead (another speed, starting over): the delta says where the clock is now.
        let jump = try message(to: client, in: hub.publish([west], now: 1002, feedTime: 1_464_983_030.2))
        #expect(jump.object["feed_ts"] as? Int == 1_464_983_030)
        // A resume answer always carries it, whatever the ticks it folds left out.
        let resumed = ClientID(2)
        _ = hub.connect(resumed)
        let resume = #"{"op":"resume","epoch":"\#(hub.configuration.epoch)","seq":2,"bbox":[-73.999,40.701,-73.991,40.709]}"#
        let answer = try message(to: resumed, in: hub.receive(resume, from: resumed, now: 1002.1))
        #expect(answer.object["feed_ts"] as? Int == 1_464_983_030)
        // The REST mirror says it too, as a snapshot at that seq would.
        let rest = try DecodedMessage(hub.vehicleList(.init(box: westBox)))
        #expect(rest.object["feed_ts"] as? Int == 1_464_983_030 && rest.object["seq"] as? Int == 3)
    }

    @Test func theRESTMirrorLeavesOutTheFeedsClockBeforeAnyTick() throws {
        let hub = hub()
        let rest = try DecodedMessage(hub.vehicleList(.init(box: westBox)))
        #expect(rest.object["feed_ts"] == nil && rest.object["seq"] as? Int == 0)
    }

    @Test(arguments: [
        ((nil, 10.0), (nil, 11.0), false),      // no feeds' clock: never
        ((nil, 10.0), (500.2, 11.0), true),     // the first one
        ((499.9, 10.0), (500.9, 11.0), false),  // ran with the tick (live, a replay at 1x)
        ((499.99, 10.5), (500.01, 10.6), true), // a second boundary crossed between the two samples: sent, harmlessly
        ((500.0, 10.0), (520.0, 11.0), true),   // a replay at 20x
        ((500.0, 10.0), (500.0, 11.0), true),   // paused
        ((900.0, 10.0), (100.0, 11.0), true),   // started over
    ] as [((Double?, Double), (Double?, Double), Bool)])
    func aDeltaCarriesTheFeedsClockWhenItDidNotRunWithTheTicks(previous: (Double?, Double), next: (Double?, Double), carried: Bool) {
        #expect(PushHub.carriesFeedClock(previous: previous, next: next) == carried)
    }

    /// Random vehicles wander, random clients pan, disconnect and resume; after every tick each
    /// client's applied view must equal the REST answer for its box at that seq.
    @Test func appliedViewsAlwaysEqualTheRESTMirror() throws {
        var generator = SplitMix64(seed: 7)
        var hub = hub { $0.historyRetention = 30 }
        let area = (lon: -74.02...(-73.94), lat: 40.68...(40.76))
        var fleet = (0..<60).map { index in
            vehicle("v\(index)", lon: Double.random(in: area.lon, using: &generator),
                    lat: Double.random(in: area.lat, using: &generator), route: ["7", "A", "M15"][index % 3],
                    kind: index % 3 == 2 ? .bus : .subway)
        }
        struct Client { var view = AppliedView(); var box: BoundingBox; var connected = true; var lastSeq = 0 }
        func randomBox(_ generator: inout SplitMix64) -> BoundingBox {
            let lon = Double.random(in: area.lon, using: &generator), lat = Double.random(in: area.lat, using: &generator)
            return box(lon, lat, lon + Double.random(in: 0.005...0.04, using: &generator),
                       lat + Double.random(in: 0.005...0.03, using: &generator))
        }
        var clients: [ClientID: Client] = [:]
        for id in 1...8 {
            let client = ClientID(UInt64(id))
            clients[client] = Client(box: randomBox(&generator))
            _ = hub.connect(client)
            for delivery in hub.receive(subscribe(clients[client]!.box), from: client, now: 0) {
                clients[client]!.view.apply(try DecodedMessage(delivery.message))
            }
        }
        func deliver(_ deliveries: [PushHub.Delivery]) throws {
            for delivery in deliveries {
                let decoded = try DecodedMessage(delivery.message)
                for recipient in delivery.recipients { clients[recipient]!.view.apply(decoded) }
            }
        }
        for tick in 1...150 {
            let now = Double(tick)
            for index in fleet.indices where Double.random(in: 0...1, using: &generator) < 0.3 {
                fleet[index].position.longitude += Double.random(in: -0.01...0.01, using: &generator)
                fleet[index].position.latitude += Double.random(in: -0.01...0.01, using: &generator)
                fleet[index].status = Bool.random(using: &generator) ? .moving : .stopped
            }
            let present = fleet.filter { _ in Double.random(in: 0...1, using: &generator) < 0.95 }
            try deliver(hub.publish(present, now: now).filter { delivery in
                delivery.recipients.allSatisfy { clients[$0]!.connected }
            })
            for id in clients.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                let roll = Double.random(in: 0...1, using: &generator)
                if clients[id]!.connected, roll < 0.1 {
                    clients[id]!.box = randomBox(&generator)
                    try deliver(hub.receive(subscribe(clients[id]!.box), from: id, now: now))
                } else if clients[id]!.connected, roll < 0.15 {
                    hub.disconnect(id)
                    clients[id]!.connected = false
                } else if !clients[id]!.connected, roll < 0.4 {
                    _ = hub.connect(id)
                    clients[id]!.connected = true
                    let b = clients[id]!.box
                    let resume = #"{"op":"resume","epoch":"epoch-1","seq":\#(clients[id]!.view.seq ?? 0),"bbox":[\#(b.minLongitude),\#(b.minLatitude),\#(b.maxLongitude),\#(b.maxLatitude)]}"#
                    try deliver(hub.receive(resume, from: id, now: now))
                }
                guard clients[id]!.connected else { continue }
                let rest = try DecodedMessage(hub.vehicleList(.init(box: clients[id]!.box)))
                #expect(clients[id]!.view.vehicles == rest.vehicles.mapValues(AppliedView.canonical), "\(id) at tick \(tick)")
            }
        }
    }
}
