import Foundation
import Testing
import TransitData
@testable import TransitEngine

@Suite struct ServiceAlertsTests {
    typealias Alert = GTFSRealtime.Alert
    static let now = 1_705_795_178.0

    static func text(_ english: String, html: String? = nil) -> GTFSRealtime.TranslatedString {
        var translations = [GTFSRealtime.TranslatedString.Translation(text: english, language: "en")]
        if let html { translations.insert(.init(text: html, language: "en-html"), at: 0) }
        return GTFSRealtime.TranslatedString(translations: translations)
    }

    static func entity(_ id: String, type: String?, header: String, routes: [String] = [], stops: [String] = [],
                       periods: [GTFSRealtime.TimeRange] = [], updatedAt: UInt64 = 1_705_795_000) -> GTFSRealtime.FeedEntity {
        let selectors = routes.map { GTFSRealtime.EntitySelector(agencyId: "MTASBWY", routeId: $0) }
            + stops.map { GTFSRealtime.EntitySelector(agencyId: "MTASBWY", stopId: $0) }
        let mercury = type.map { GTFSRealtime.MercuryAlert(createdAt: 1_705_794_000, updatedAt: updatedAt, alertType: $0) }
        return GTFSRealtime.FeedEntity(id: id, alert: Alert(
            activePeriods: periods, informedEntities: selectors, headerText: text(header, html: "<p>\(header)</p>"),
            descriptionText: text("See [A] details"), mercuryAlert: mercury))
    }

    static func feed(_ entities: [GTFSRealtime.FeedEntity]) -> GTFSRealtime.FeedMessage {
        GTFSRealtime.FeedMessage(header: GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: UInt64(now)), entities: entities)
    }

    static let stations = ["A31N": "A31", "A31S": "A31", "L01N": "L01", "L01S": "L01", "224": "224S"]

    @Test func buildsADisplayAlert() throws {
        let feed = Self.feed([Self.entity("lmm:alert:1", type: "Delays", header: "[A][C] trains are delayed",
                                          routes: ["A", "C", "A"], stops: ["A31N", "A31S", "Q99"],
                                          periods: [GTFSRealtime.TimeRange(start: 1_705_794_162, end: 0)])])
        let alert = try #require(ServiceAlerts.displayAlerts(from: feed, at: Self.now, station: { Self.stations[$0] }).first)
        #expect(alert.id == "lmm:alert:1")
        #expect(alert.type == "Delays")
        #expect(alert.isPlanned == false)
        #expect(alert.header == "[A][C] trains are delayed")
        #expect(alert.headerSegments == [.route("A"), .route("C"), .text(" trains are delayed")])
        #expect(alert.description == "See [A] details")
        #expect(alert.descriptionSegments == [.text("See "), .route("A"), .text(" details")])
        #expect(alert.routes == ["A", "C"])
        #expect(alert.stations == ["A31", "Q99"])
        #expect(alert.activePeriods == [AlertPeriod(start: 1_705_794_162, end: nil)])
        #expect(alert.when == .now)
        #expect(alert.createdAt == 1_705_794_000)
        #expect(alert.updatedAt == 1_705_795_000)
    }

    @Test func plannedTypesLoseTheirPrefix() throws {
        let feed = Self.feed([Self.entity("lmm:planned_work:1", type: "Planned - Part Suspended", header: "No [F]",
                                          periods: [GTFSRealtime.TimeRange(start: 1_707_542_100, end: 1_707_732_000)])])
        let alert = try #require(ServiceAlerts.displayAlerts(from: feed, at: Self.now).first)
        #expect(alert.type == "Part Suspended")
        #expect(alert.isPlanned)
        #expect(alert.when == .later)
    }

    @Test func hidesEndedAndNoScheduledServiceAlerts() {
        let feed = Self.feed([
            Self.entity("ended", type: "Delays", header: "old", periods: [GTFSRealtime.TimeRange(start: 1, end: 2)]),
            Self.entity("nss", type: "No Scheduled Service", header: "No [B] at night"),
            Self.entity("kept", type: "Reduced Service", header: "fewer trains"),
            Self.entity("untitled", type: "Delays", header: "  "),
        ])
        #expect(ServiceAlerts.displayAlerts(from: feed, at: Self.now).map { $0.id } == ["kept"])
        let all = ServiceAlerts.displayAlerts(from: feed, at: Self.now, settings: AlertSettings(showsNoScheduledService: true))
        #expect(all.map { $0.id } == ["nss", "kept"])
    }

    @Test func collapsesEquipmentOutagesRepeatedPerPlatform() throws {
        let header = "Elevator outage @ 14 St: 8th Ave & 14 St (SW corner) to mezzanine"
        let feed = Self.feed([
            Self.entity("A31N#EL221", type: nil, header: header, stops: ["A31N"]),
            Self.entity("lmm:alert:9", type: "Delays", header: "delays"),
            Self.entity("A31S#EL221", type: nil, header: header, stops: ["A31S"]),
            Self.entity("L01S#EL221", type: nil, header: header, stops: ["L01S"]),
            Self.entity("L01N#EL222", type: nil, header: "Elevator outage @ 14 St: other", stops: ["L01N"]),
            Self.entity("A31N#ES100", type: nil, header: "Escalator outage @ 14 St", stops: ["A31N"]),
        ])
        let alerts = ServiceAlerts.displayAlerts(from: feed, at: Self.now, station: { Self.stations[$0] })
        #expect(alerts.map { $0.id } == ["A31N#EL221", "lmm:alert:9", "L01N#EL222", "A31N#ES100"])
        let elevator = alerts[0]
        #expect(elevator.type == "Elevator Outage")
        #expect(elevator.stations == ["A31", "L01"])
        #expect(elevator.sourceIDs == ["A31N#EL221", "A31S#EL221", "L01S#EL221"])
        #expect(alerts[3].type == "Escalator Outage")
    }

    @Test func anAlertCarriesItsSegmentsTimingAndUpdateTime() throws {
        let feed = Self.feed([Self.entity("lmm:alert:1", type: "Delays", header: "[A] trains delayed", routes: ["A"])])
        let alert = try #require(ServiceAlerts.displayAlerts(from: feed, at: Self.now).first)
        #expect(alert.id == "lmm:alert:1" && alert.type == "Delays" && alert.when == .now)
        #expect(alert.headerSegments == [.route("A"), .text(" trains delayed")])
        #expect(alert.routes == ["A"] && alert.updatedAt == 1_705_795_000 && alert.sourceIDs == ["lmm:alert:1"])
    }
}
