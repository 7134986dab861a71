import Foundation
import Testing
import TestSupport
import TransitData
import TransitEngine
@testable import TracksideServer

/// A published alert with only what the push tests vary.
private func alert(_ id: String, routes: [String] = [], stations: [String] = [], header: String = "Delays",
                   when: AlertTiming = .now) -> PublishedAlert {
    PublishedAlert(DisplayAlert(id: id, header: header, routes: routes, stations: stations, when: when))
}

@Suite struct AlertDiffTests {
    @Test func findsAddedUpdatedAndRemovedAlerts() {
        let kept = alert("kept", routes: ["A"])
        let changed = alert("changed", routes: ["A"], when: .tomorrow)
        let previous = AlertDiff.current([kept, changed, alert("gone-b"), alert("gone-a")])
        let next = [alert("new", routes: ["C"]), kept, alert("changed", routes: ["A"], when: .now)]
        let diff = AlertDiff(previous: previous, next: next)
        #expect(diff.added.map(\.id) == ["new"])
        #expect(diff.updated.map(\.id) == ["changed"])
        #expect(diff.removed == ["gone-a", "gone-b"])
        #expect(AlertDiff(previous: AlertDiff.current(next), next: next).isEmpty)
    }

    @Test func anIdListedTwiceCountsOnceTheFirstWinning() {
        let first = alert("x", header: "first")
        let diff = AlertDiff(previous: [:], next: [first, alert("x", header: "second"), first])
        #expect(diff.added == [first])
        #expect(AlertDiff.current([first, alert("x", header: "second")])["x"] == first)
    }

    @Test func scopesCoverAlertsNamingTheirStationOrRoute() {
        let both = alert("a", routes: ["1", "2"], stations: ["127"])
        #expect(AlertScope.station("127").covers(both) && AlertScope.route("2").covers(both))
        #expect(!AlertScope.station("128").covers(both) && !AlertScope.route("3").covers(both))
        // Ids are compared exactly: a route is not a station of the same name.
        #expect(!AlertScope.station("1").covers(both))
    }

    @Test func theMessageCarriesTheAlertsWireForm() throws {
        let one = alert("a", routes: ["A"], header: "No [A] trains")
        let bytes = ServerMessage.alerts(scope: .route("A"), timestamp: 1_700_000_000.7, stale: true, reset: false,
                                         diff: AlertDiff(added: [one], updated: [], removed: ["b"]))
        let message = try DecodedMessage(bytes)
        #expect(message.type == "alerts" && message.object["route"] as? String == "A" && message.object["station"] == nil)
        #expect((message.object["ts"] as? NSNumber)?.int64Value == 1_700_000_000)
        #expect(message.object["reset"] as? Bool == false && message.object["stale"] as? Bool == true)
        let added = try #require((message.object["add"] as? [[String: Any]])?.first)
        #expect(added["header"] as? String == "No [A] trains")
        #expect((added["header_segments"] as? [Any])?.count == 3)
        #expect(message.object["update"] as? [Any] != nil && message.removals == ["b"])
    }
}

@Suite struct PushHubAlertTests {
    func hub(maximumWatches: Int = 16) -> PushHub {
        var configuration = PushHub.Configuration(epoch: "epoch-1", source: "replay")
        configuration.limits.maximumWatches = maximumWatches
        return PushHub(configuration: configuration)
    }

    /// The alerts messages `deliveries` sends to `client`.
    func alertMessages(to client: ClientID, in deliveries: [PushHub.Delivery]) throws -> [DecodedMessage] {
        try deliveries.filter { $0.recipients.contains(client) }.map { try DecodedMessage($0.message) }
            .filter { $0.type == "alerts" }
    }

    func ids(_ message: DecodedMessage, _ key: String) -> [String] {
        (message.object[key] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func aWatcherGetsTheCurrentSetThenOnlyChanges() throws {
        var hub = hub()
        let client = ClientID(1)
        _ = hub.connect(client)
        let delays = alert("delays", routes: ["1", "2"], stations: ["127"])
        let elevator = alert("elevator", stations: ["127"])
        let elsewhere = alert("elsewhere", routes: ["A"], stations: ["A31"])
        _ = hub.updateAlerts([delays, elsewhere, elevator], stale: false, now: 500)

        let first = try #require(try alertMessages(to: client, in: hub.receive(#"{"op":"watch","station":"127"}"#, from: client, now: 1)).first)
        #expect(first.object["station"] as? String == "127" && first.object["reset"] as? Bool == true)
        #expect(ids(first, "add") == ["delays", "elevator"] && (first.object["ts"] as? NSNumber)?.intValue == 500)

        // Nothing at the station changed: nothing is sent.
        #expect(hub.updateAlerts([delays, elevator, alert("elsewhere", routes: ["A"], when: .tomorrow)], stale: false, now: 510).isEmpty)

        let later = alert("delays", routes: ["1", "2"], stations: ["127"], when: .laterToday)
        let new = alert("skip", routes: ["1"], stations: ["127"])
        let changes = try alertMessages(to: client, in: hub.updateAlerts([new, later], stale: false, now: 520))
        let change = try #require(changes.first)
        #expect(changes.count == 1 && change.object["reset"] as? Bool == false)
        #expect(ids(change, "add") == ["skip"] && ids(change, "update") == ["delays"] && change.removals == ["elevator"])
        #expect((change.object["ts"] as? NSNumber)?.intValue == 520)
    }

    @Test func aStalenessChangeAloneReachesEveryWatcherWithAnEmptyChange() throws {
        var hub = hub()
        let (station, route) = (ClientID(1), ClientID(2))
        _ = hub.connect(station)
        _ = hub.connect(route)
        let delays = alert("delays", routes: ["1"], stations: ["127"])
        _ = hub.updateAlerts([delays], stale: false, now: 10)
        let reset = try #require(try alertMessages(to: station, in: hub.receive(#"{"op":"watch","station":"127"}"#, from: station, now: 11)).first)
        #expect(reset.object["stale"] as? Bool == false && ids(reset, "add") == ["delays"])
        _ = hub.receive(#"{"op":"watch","route":"A"}"#, from: route, now: 11)

        // The alerts feed fails: the same alerts, kept, now marked stale, to both scopes (the route's set is empty).
        let sent = hub.updateAlerts([delays], stale: true, now: 12)
        for client in [station, route] {
            let messages = try alertMessages(to: client, in: sent)
            #expect(messages.count == 1)
            #expect(messages.first?.object["stale"] as? Bool == true && messages.first?.object["reset"] as? Bool == false)
            #expect(messages.first.map { ids($0, "add") + ids($0, "update") + $0.removals } == [])
        }
        #expect(hub.updateAlerts([delays], stale: true, now: 13).isEmpty, "still stale: nothing new to say")
        // A new watcher learns it from its reset.
        let late = ClientID(3)
        _ = hub.connect(late)
        let lateReset = try #require(try alertMessages(to: late, in: hub.receive(#"{"op":"watch","station":"127"}"#, from: late, now: 14)).first)
        #expect(lateReset.object["stale"] as? Bool == true && ids(lateReset, "add") == ["delays"])
        // Recovered, with a change: one message carries both.
        let recovered = try alertMessages(to: station, in: hub.updateAlerts([], stale: false, now: 15))
        #expect(recovered.count == 1 && recovered[0].object["stale"] as? Bool == false && recovered[0].removals == ["delays"])
    }

    @Test func routeWatchersAndStationWatchersAreSeparateScopes() throws {
        var hub = hub(maximumWatches: 2)
        let (riderA, riderB) = (ClientID(1), ClientID(2))
        _ = hub.connect(riderA)
        _ = hub.connect(riderB)
        let reset = try alertMessages(to: riderA, in: hub.receive(#"{"op":"watch","route":"A"}"#, from: riderA, now: 1))
        #expect(reset.count == 1 && reset[0].object["route"] as? String == "A" && ids(reset[0], "add").isEmpty)
        _ = hub.receive(#"{"op":"watch","station":"A31"}"#, from: riderB, now: 1)
        #expect(hub.watchedStations == ["A31"], "a route watch computes no arrivals")

        let sent = hub.updateAlerts([alert("a", routes: ["A"]), alert("b", stations: ["A31"])], stale: false, now: 2)
        let toA = try alertMessages(to: riderA, in: sent)
        let toB = try alertMessages(to: riderB, in: sent)
        #expect(toA.count == 1 && ids(toA[0], "add") == ["a"] && toA[0].object["route"] as? String == "A")
        #expect(toB.count == 1 && ids(toB[0], "add") == ["b"] && toB[0].object["station"] as? String == "A31")

        // Stations and routes share the watch limit.
        _ = hub.receive(#"{"op":"watch","station":"127"}"#, from: riderA, now: 1)
        let refused = try DecodedMessage(try #require(hub.receive(#"{"op":"watch","route":"C"}"#, from: riderA, now: 1).first).message)
        #expect(refused.code == "too_many_watches")

        // Unwatching, or closing, stops the messages; a later watch starts again from a reset.
        _ = hub.receive(#"{"op":"unwatch","route":"A"}"#, from: riderA, now: 3)
        hub.disconnect(riderB)
        #expect(hub.updateAlerts([alert("a2", routes: ["A"], stations: ["A31"])], stale: false, now: 4).isEmpty)
        let again = try alertMessages(to: riderA, in: hub.receive(#"{"op":"watch","route":"A"}"#, from: riderA, now: 5))
        #expect(again.count == 1 && ids(again[0], "add") == ["a2"] && again[0].object["reset"] as? Bool == true)
    }

    /// Random alert sets over random ticks, clients watching and unwatching at random: after every
    /// step each client's applied copy of every scope it watches equals the server's alerts for it.
    @Test func appliedAlertsAlwaysEqualTheServersSet() throws {
        var generator = SplitMix64(seed: 11)
        var hub = hub()
        let stations = ["127", "A31", "L01"], routes = ["1", "A", "L"]
        let scopes = stations.map { AlertScope.station($0) } + routes.map { AlertScope.route($0) }
        func randomAlerts() -> [PublishedAlert] {
            (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                let id = "alert-\(Int.random(in: 0..<10, using: &generator))"
                return alert(id, routes: routes.filter { _ in Bool.random(using: &generator) },
                             stations: stations.filter { _ in Bool.random(using: &generator) },
                             when: AlertTiming.allCases.randomElement(using: &generator)!)
            }
        }
        var held: [ClientID: [AlertScope: [String: String]]] = [:]
        func apply(_ deliveries: [PushHub.Delivery]) throws {
            for delivery in deliveries {
                let message = try DecodedMessage(delivery.message)
                guard message.type == "alerts" else { continue }
                let scope: AlertScope = (message.object["station"] as? String).map { .station($0) }
                    ?? .route(message.object["route"] as! String)
                for client in delivery.recipients {
                    var copy = message.object["reset"] as? Bool == true ? [:] : held[client]?[scope] ?? [:]
                    for id in message.removals { copy[id] = nil }
                    for key in ["add", "update"] {
                        for json in message.object[key] as? [[String: Any]] ?? [] {
                            copy[json["id"] as! String] = AppliedView.canonical(json)
                        }
                    }
                    held[client, default: [:]][scope] = copy
                }
            }
        }
        var current: [PublishedAlert] = []
        var watching: [ClientID: Set<AlertScope>] = [:]
        for id in 1...5 { _ = hub.connect(ClientID(UInt64(id))) }
        for step in 0..<300 {
            let client = ClientID(UInt64(Int.random(in: 1...5, using: &generator)))
            let scope = scopes.randomElement(using: &generator)!
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                current = randomAlerts()
                try apply(hub.updateAlerts(current, stale: false, now: Double(step)))
            case 1:
                let op = watching[client, default: []].contains(scope) ? "unwatch" : "watch"
                let target = switch scope {
                case .station(let id): #""station":"\#(id)""#
                case .route(let id): #""route":"\#(id)""#
                }
                try apply(hub.receive(#"{"op":"\#(op)",\#(target)}"#, from: client, now: Double(step)))
                if op == "watch" { watching[client, default: []].insert(scope) } else {
                    watching[client]?.remove(scope)
                    held[client]?[scope] = nil
                }
            default:
                continue
            }
            for (client, scopes) in watching {
                for scope in scopes {
                    let expected = AlertDiff.current(current.filter(scope.covers)).mapValues {
                        AppliedView.canonical(try! JSONSerialization.jsonObject(with: Data($0.json)) as! [String: Any])
                    }
                    #expect(held[client]?[scope] ?? [:] == expected, "step \(step), \(client), \(scope)")
                }
            }
        }
    }
}
