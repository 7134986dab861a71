import Foundation
import Testing
import TransitData
@testable import TracksideServer

/// The outage feed's health as every feed's is reported (`/api/feeds`, `/readyz`, `/metrics`):
/// one staleness rule, the last good outages kept, fetches counted by kind.
@Suite struct ElevatorFeedTests {
    static let outage = #"[{"station":"1 Av","equipment":"EL293","equipmenttype":"EL","serving":"Street to platform","ADA":"Y","outagedate":"09/30/2024 12:05:00 PM","estimatedreturntoservice":"10/01/2024 06:00:00 PM","reason":"Repair","isupcomingoutage":"N","ismaintenanceoutage":"N"}]"#
    let feed = ElevatorFeed(timeZone: TimeZone(identifier: "America/New_York")!, staleAfter: 180)

    @Test func neverFetchedIsStaleWithoutAnAgeAndNotReady() {
        let status = feed.status(at: 1_000)
        #expect(status.id == "elevators" && status.age == nil && status.isStale && status.staleAfter == 180)
        #expect(feed.snapshot(at: 1_000).status == status && feed.snapshot(at: 1_000).configured)
        let readiness = Readiness(staticLoaded: true, expected: [ElevatorFeed.feedID], status: [status])
        #expect(!readiness.isReady && readiness.feeds.map(\.reason) == ["never fetched"])
    }

    @Test func freshUntilItsThresholdThenStaleByAge() {
        #expect(feed.ingest(Data(Self.outage.utf8), at: 1_000) == nil)
        let fresh = feed.status(at: 1_100)
        #expect(fresh.age == 100 && !fresh.isStale && fresh.accepted == 1 && fresh.failure == nil)
        #expect(!feed.snapshot(at: 1_100).isStale && feed.snapshot(at: 1_100).outages.keys.sorted() == ["EL293"])
        let old = feed.status(at: 1_181)
        #expect(old.isStale && old.age == 181)
        #expect(feed.snapshot(at: 1_181).isStale)
        #expect(Readiness(staticLoaded: true, expected: ["elevators"], status: [old]).feeds.map(\.reason)
                    == ["stale 181 s (threshold 180 s)"])
    }

    @Test func aBadFetchKeepsTheOutagesMarksThemStaleAndIsCountedByKind() throws {
        feed.ingest(Data(Self.outage.utf8), at: 1_000)
        let refused = try #require(feed.ingest(Data(Self.outage.utf8.prefix(40)), at: 1_010))
        feed.ingest(Data(), at: 1_020)
        feed.reject(FetchFailure(.httpStatus(503), "HTTP 503"), at: 1_030)
        let status = feed.status(at: 1_031)
        #expect(status.isStale && status.failure == "HTTP 503" && status.failures == 3 && status.accepted == 1)
        #expect(status.age == 31 && status.lastFailure == "HTTP 503" && status.lastFailureAt == 1_030)
        #expect(!refused.isEmpty)
        let snapshot = feed.snapshot(at: 1_031)
        #expect(snapshot.isStale && snapshot.outages.keys.sorted() == ["EL293"] && snapshot.updated == 1_000)
        let statistics = feed.statistics
        #expect(statistics.fetches == 4 && statistics.errors == [.decode: 1, .empty: 1, .http: 1])
        #expect(statistics.httpErrors == [503: 1] && statistics.lastSuccessAt == 1_000)
        // A 304 confirms the kept outages: fresh again, and counted as a fetch that succeeded.
        feed.confirm(at: 1_040)
        #expect(!feed.status(at: 1_041).isStale && feed.status(at: 1_041).age == 1)
        #expect(feed.statistics.fetches == 5 && feed.statistics.lastSuccessAt == 1_040)
    }
}
