import Testing
import TransitData
import TransitEngine
@testable import TracksideServer

/// An edge's hub fed the engine's stream entries (encoded and decoded) serves what the engine's
/// own hub serves: the same bytes to the same clients at every seq, and the same REST.
@Suite struct StreamFollowingTests {
    static let grid = TileGrid(longitudeStep: 0.01, latitudeStep: 0.01)
    static let area = (lon: -74.02...(-73.94), lat: 40.68...(40.76))

    func hub(epoch: String) -> PushHub {
        var configuration = PushHub.Configuration(epoch: epoch, source: "replay")
        configuration.grid = Self.grid
        configuration.historyRetention = 20
        return PushHub(configuration: configuration)
    }

    /// An edge as its reader thread drives it: entries in stream order, a gap answered by loading
    /// the latest keyframe (which Redis keeps under its own key) and reading on.
    struct Edge {
        var hub: PushHub
        var follower = StreamFollower()
        var reloads = 0

        mutating func read(_ stream: [[UInt8]], latestKeyframe: () -> [UInt8]) throws -> [PushHub.Delivery] {
            var deliveries: [PushHub.Delivery] = []
            for bytes in stream {
                let entry = try PublishedTick(decoding: bytes)
                var (step, sent) = follower.follow(entry, hub: &hub)
                if step == .reload {
                    reloads += 1
                    let keyframe = try PublishedTick(decoding: latestKeyframe())
                    let (loaded, _) = follower.follow(keyframe, hub: &hub)
                    #expect(loaded == .load)
                    (step, sent) = follower.follow(entry, hub: &hub)
                    guard step != .reload else { break }
                }
                deliveries += sent
            }
            return deliveries
        }

        mutating func read(_ bytes: [UInt8], latestKeyframe: () -> [UInt8]) throws -> [PushHub.Delivery] {
            try read([bytes], latestKeyframe: latestKeyframe)
        }
    }

    static func fleet(_ generator: inout SplitMix64) -> [VehicleState] {
        (0..<60).map { index in
            vehicle("v\(index)", lon: Double.random(in: area.lon, using: &generator),
                    lat: Double.random(in: area.lat, using: &generator), route: ["7", "A", "M15"][index % 3],
                    kind: index % 3 == 2 ? .bus : .subway)
        }
    }

    static func move(_ fleet: inout [VehicleState], _ generator: inout SplitMix64) -> [VehicleState] {
        for index in fleet.indices where Double.random(in: 0...1, using: &generator) < 0.3 {
            fleet[index].position.longitude += Double.random(in: -0.01...0.01, using: &generator)
            fleet[index].position.latitude += Double.random(in: -0.01...0.01, using: &generator)
            fleet[index].status = Bool.random(using: &generator) ? .moving : .stopped
        }
        return fleet.filter { _ in Double.random(in: 0...1, using: &generator) < 0.95 }
    }

    static func alerts(at tick: Int) -> [PublishedAlert] {
        // The alerts change every 7 ticks, so most entries carry none.
        let version = tick / 7
        return [PublishedAlert(id: "a\(version % 3)", routes: ["A"], stations: ["S1"], json: Array(#"{"id":"a\#(version)"}"#.utf8))]
    }

    func subscribe(_ bbox: BoundingBox) -> String {
        #"{"op":"subscribe","bbox":[\#(bbox.minLongitude),\#(bbox.minLatitude),\#(bbox.maxLongitude),\#(bbox.maxLatitude)]}"#
    }

    /// What one delivery list sends, per client, in order: comparable across hubs.
    func perClient(_ deliveries: [PushHub.Delivery]) -> [ClientID: [[UInt8]]] {
        var sent: [ClientID: [[UInt8]]] = [:]
        for delivery in deliveries { for client in delivery.recipients { sent[client, default: []].append(delivery.message) } }
        return sent
    }

    @Test func edgesFedTheStreamSendWhatTheEngineSendsAtEverySeq() throws {
        var generator = SplitMix64(seed: 11)
        var fleet = Self.fleet(&generator)
        var engine = hub(epoch: "engine-epoch")
        var publisher = StreamPublisher(term: 3, keyframeInterval: 10)
        var edges = [Edge(hub: hub(epoch: "edge-a")), Edge(hub: hub(epoch: "edge-b"))]
        var keyframe: [UInt8] = []
        var boxes: [ClientID: BoundingBox] = [:]
        let clients = (1...6).map { ClientID(UInt64($0)) }
        var entryBytes = 0
        for tick in 1...120 {
            let now = 1000 + Double(tick)
            let states = Self.move(&fleet, &generator)
            let diff = engine.diff(states)
            var engineSent = perClient(engine.publish(diff, now: now, feedTime: now - 300))
            let alerts = Self.alerts(at: tick)
            for (client, messages) in perClient(engine.updateAlerts(alerts, stale: tick % 20 < 3, now: now - 300)) {
                engineSent[client, default: []] += messages
            }
            let entry = publisher.entry(after: engine, diff: diff, alerts: alerts, alertsStale: tick % 20 < 3, feedStatus: [])
            #expect(entry.isKeyframe == (tick % 10 == 1), "tick \(tick)")
            let bytes = entry.encoded
            entryBytes += bytes.count
            if entry.isKeyframe { keyframe = bytes }
            for index in edges.indices {
                let sent = perClient(try edges[index].read(bytes, latestKeyframe: { keyframe }))
                #expect(sent == engineSent, "edge \(index) at tick \(tick)")
                #expect(edges[index].hub.seq == engine.seq && edges[index].hub.configuration.epoch == "engine-epoch")
            }
            // Clients connect and subscribe on the engine and on each edge alike; every answer agrees.
            for client in clients where Double.random(in: 0...1, using: &generator) < 0.2 {
                let lon = Double.random(in: Self.area.lon, using: &generator), lat = Double.random(in: Self.area.lat, using: &generator)
                let bbox = box(lon, lat, lon + 0.03, lat + 0.02)
                let message = boxes[client] == nil ? subscribe(bbox)
                    : #"{"op":"watch","stations":["S1"]}"#
                if boxes[client] == nil {
                    _ = engine.connect(client)
                    for index in edges.indices { _ = edges[index].hub.connect(client) }
                    boxes[client] = bbox
                }
                let expected = perClient(engine.receive(message, from: client, now: now))
                for index in edges.indices {
                    #expect(perClient(edges[index].hub.receive(message, from: client, now: now)) == expected)
                }
            }
            for bbox in boxes.values {
                let rest = try engine.vehicleList(.init(box: bbox))
                for edge in edges { #expect(try edge.hub.vehicleList(.init(box: bbox)) == rest) }
            }
        }
        #expect(edges.allSatisfy { $0.reloads == 0 })
        // Deltas, not the board: 120 entries of a 60-vehicle fleet, 12 of them keyframes.
        #expect(entryBytes < 120 * 60 * 150)
    }

    @Test func resumeOnAnotherEdgeIsADeltaAndAnEdgeBehindTheTrimPointReloadsInsteadOfServingAGap() throws {
        var generator = SplitMix64(seed: 5)
        var fleet = Self.fleet(&generator)
        var engine = hub(epoch: "E")
        var publisher = StreamPublisher(term: 1, keyframeInterval: 10)
        var near = Edge(hub: hub(epoch: "x")), far = Edge(hub: hub(epoch: "y"))
        var keyframe: [UInt8] = []
        // The stream keeps its last 12 entries (MAXLEN), more than a keyframe interval.
        var stream: [[UInt8]] = []
        let client = ClientID(1)
        let bbox = box(-74.02, 40.68, -73.94, 40.76)
        var lastSeq = 0
        for tick in 1...40 {
            let now = Double(tick)
            let diff = engine.diff(Self.move(&fleet, &generator))
            _ = engine.publish(diff, now: now, feedTime: now)
            let bytes = publisher.entry(after: engine, diff: diff, alerts: [], alertsStale: false, feedStatus: []).encoded
            if tick % 10 == 1 { keyframe = bytes }
            stream = (stream + [bytes]).suffix(12)
            _ = try near.read(bytes, latestKeyframe: { keyframe })
            // `far` stalls from tick 15 to 35, past the trim point, then reads what the stream still holds.
            if tick == 36 {
                let deliveries = try far.read(stream, latestKeyframe: { keyframe })
                #expect(far.reloads == 1 && far.hub.seq == 36 && far.follower.gaps == 1)
                #expect(deliveries.isEmpty, "nobody is subscribed yet, and a gap is never served")
            } else if !(15...35).contains(tick) {
                _ = try far.read(bytes, latestKeyframe: { keyframe })
            }
            if tick == 25 {
                _ = near.hub.connect(client)
                let snapshot = try DecodedMessage(near.hub.receive(subscribe(bbox), from: client, now: now)[0].message)
                #expect(snapshot.type == "snapshot")
                lastSeq = snapshot.seq ?? 0
                near.hub.disconnect(client)
            }
        }
        #expect(far.reloads == 1 && far.hub.seq == engine.seq)
        // The client last saw seq 25 on `near` and resumes on the engine, on `near` and on `far`,
        // which reloaded at seq 31 and so never knew seq 25's changes: a delta, the same delta, a snapshot.
        let resume = #"{"op":"resume","epoch":"E","seq":\#(lastSeq),"bbox":[-74.02,40.68,-73.94,40.76]}"#
        _ = engine.connect(client)
        _ = near.hub.connect(client)
        _ = far.hub.connect(client)
        let onEngine = engine.receive(resume, from: client, now: 40)
        #expect(try DecodedMessage(onEngine[0].message).type == "delta")
        #expect(near.hub.receive(resume, from: client, now: 40).map(\.message) == onEngine.map(\.message))
        #expect(try DecodedMessage(far.hub.receive(resume, from: client, now: 40)[0].message).type == "snapshot")
        // A resume from after the reload is a delta on `far` too, the engine's own.
        let recent = #"{"op":"resume","epoch":"E","seq":33,"bbox":[-74.02,40.68,-73.94,40.76]}"#
        let engineRecent = engine.receive(recent, from: client, now: 40)
        #expect(try DecodedMessage(engineRecent[0].message).type == "delta")
        #expect(far.hub.receive(recent, from: client, now: 40).map(\.message) == engineRecent.map(\.message))
    }

    @Test func aStandbyTakingOverContinuesTheEpochAndSeqSoClientsGetADelta() throws {
        var generator = SplitMix64(seed: 9)
        var fleet = Self.fleet(&generator)
        var leader = hub(epoch: "E")
        var publisher = StreamPublisher(term: 1, keyframeInterval: 10)
        var standby = Edge(hub: hub(epoch: "standby-own"))
        var edge = Edge(hub: hub(epoch: "edge-own"))
        var keyframe: [UInt8] = []
        let client = ClientID(1)
        var view = AppliedView()
        for tick in 1...14 {
            let diff = leader.diff(Self.move(&fleet, &generator))
            _ = leader.publish(diff, now: Double(tick), feedTime: Double(tick))
            let bytes = publisher.entry(after: leader, diff: diff, alerts: [], alertsStale: false, feedStatus: []).encoded
            if tick % 10 == 1 { keyframe = bytes }
            _ = try standby.read(bytes, latestKeyframe: { keyframe })
            for delivery in try edge.read(bytes, latestKeyframe: { keyframe }) where delivery.recipients.contains(client) {
                view.apply(try DecodedMessage(delivery.message))
            }
            if tick == 2 {
                _ = edge.hub.connect(client)
                view.apply(try DecodedMessage(edge.hub.receive(subscribe(box(-74.02, 40.68, -73.94, 40.76)), from: client, now: 2)[0].message))
            }
        }
        // The leader dies after seq 14; the standby's lease comes with term 2, and its own tick
        // (placed from the same feeds) is published against the board it read.
        var takeover = StreamPublisher(term: 2, keyframeInterval: 10)
        var next = standby.hub
        let diff = next.diff(Self.move(&fleet, &generator))
        _ = next.publish(diff, now: 15, feedTime: 15)
        let first = takeover.entry(after: next, diff: diff, alerts: [], alertsStale: false, feedStatus: [])
        #expect(first.isKeyframe && first.seq == 15 && first.epoch == "E" && first.streamID == "2-15")
        let deliveries = try edge.read(first.encoded, latestKeyframe: { first.encoded })
        let messages = try deliveries.filter { $0.recipients.contains(client) }.map { try DecodedMessage($0.message) }
        #expect(messages.map(\.type) == ["delta"] && messages.first?.seq == 15)
        for message in messages { view.apply(message) }
        let rest = try DecodedMessage(next.vehicleList(.init(box: box(-74.02, 40.68, -73.94, 40.76))))
        #expect(view.vehicles == rest.vehicles.mapValues(AppliedView.canonical))
        #expect(edge.reloads == 0)
    }
}
