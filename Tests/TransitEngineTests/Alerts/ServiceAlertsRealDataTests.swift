import Foundation
import Testing
import TransitData
@testable import TransitEngine
import TestSupport

/// The January 2024 MTA subway alerts feed (302 entities), at its own header time.
@Suite(.enabled(if: SharedData.isAvailable))
struct ServiceAlertsRealDataTests {
    static func feed() throws -> GTFSRealtime.FeedMessage {
        let bytes = try SharedData.data("alerts/mta_subway_alerts_20240120T185938.pb")
        return try GTFSRealtime.FeedMessage(protobuf: [UInt8](bytes), extensions: RealtimeFeedKind.alerts.extensions)
    }

    static func lookup() throws -> AlertStationLookup {
        AlertStationLookup(stops: try GTFSFeed(contentsOf: SharedData.url("nyc-subway-gtfs/2025-08_no-shapes-no-stop_times")).stops)
    }

    @Test func typesRoutesAndCleanUps() throws {
        let feed = try Self.feed()
        let now = Double(try #require(feed.header.timestamp))
        let lookup = try Self.lookup()
        let alerts = ServiceAlerts.displayAlerts(from: feed, at: now, station: { lookup.station(of: $0) })
        let all = ServiceAlerts.displayAlerts(from: feed, at: now, settings: AlertSettings(showsNoScheduledService: true),
                                              station: { lookup.station(of: $0) })
        // PROVENANCE.md §3: 6 No Scheduled Service alerts, hidden by default.
        #expect(all.count - alerts.count == 6)
        #expect(all.filter { $0.type == "No Scheduled Service" }.count == 6)

        var byType: [String: Int] = [:]
        for alert in alerts { byType[alert.type ?? "", default: 0] += 1 }
        // PROVENANCE.md §3 lists the Mercury types; the 39 elevator entities are 24 outages.
        #expect(byType["Stations Skipped"] == 84)
        #expect(byType["Part Suspended"] == 50)
        #expect(byType["Express to Local"] == 36)
        #expect(byType["Reduced Service"] == 25)
        #expect(byType["Delays"] == 2)
        #expect(byType["Elevator Outage"] == 24)
        #expect(byType[""] == nil)

        // Every equipment alert lists each of its stations once, and stations are parents.
        let equipment = alerts.filter { $0.type == "Elevator Outage" }
        #expect(equipment.reduce(0) { $0 + $1.sourceIDs.count } == 39)
        for alert in equipment {
            #expect(Set(alert.stations).count == alert.stations.count)
            #expect(alert.stations.allSatisfy { lookup.station(of: $0) == nil }, "\(alert.stations)")
        }
        #expect(alerts.filter { $0.routes.contains("2") }.count == 36)
        #expect(alerts.allSatisfy { !$0.headerSegments.isEmpty })
        // Route tokens in headers are routes the alert names (or that the text mentions).
        let tokens = alerts.flatMap { $0.headerSegments }.compactMap { segment -> String? in
            if case .route(let route) = segment { return route } else { return nil }
        }
        #expect(tokens.count > 200)
        #expect(Set(tokens).isSubset(of: ["1", "2", "3", "4", "5", "6", "6X", "7", "7X", "A", "B", "C", "D", "E", "F", "FX", "G",
                                           "J", "L", "M", "N", "Q", "R", "S", "SIR", "W", "Z", "FS", "GS", "H"]))
    }
}
