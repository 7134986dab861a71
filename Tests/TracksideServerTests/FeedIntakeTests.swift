import Foundation
import Testing
import TransitEngine
@testable import TracksideServer

/// What ingesting remembers, as a value: deliveries already decoded, no lock, no log.
@Suite struct FeedIntakeTests {
    func payload(round: Int = 0) -> FeedPayload {
        FeedPayload(feedID: "rt", format: .gtfsRealtime, bytes: Data([1]), origin: "test", round: round)
    }

    /// A report of `trips` trains on a route no network knows (a poor match) or, with `known`, on one it does.
    func delivery(at timestamp: Double, trips: Int, known: Bool = false) -> FeedIntake.Delivery {
        let network = Network(routes: known ? [NetworkRoute(id: "X", shortName: "X", type: 1)] : [],
                              stops: [], trips: [], shapePoints: [:], profile: StandardProfile())
        let report = FeedReport(name: "rt", timestamp: timestamp,
                                trains: (0..<trips).map { TrainReport(tripID: "t\($0)", routeID: "X") })
        return .vehicles(report, match: TripMatch(report: report, network: network))
    }

    func take(_ intake: inout FeedIntake, _ delivery: FeedIntake.Delivery, round: Int = 0, at time: Double) -> FeedIntake.Taken {
        intake.take(delivery, of: payload(round: round), feedTime: time, wallTime: time, staleAfter: 90,
                    figures: FeedStatistics(), believesEmpty: { _ in false })
    }

    @Test func aPoorTripMatchWarnsOnceUntilItRecovers() {
        var intake = FeedIntake()
        #expect(take(&intake, delivery(at: 100, trips: 3), at: 100).matchWarning != nil)
        #expect(take(&intake, delivery(at: 130, trips: 3), at: 130).matchWarning == nil)
        let recovered = take(&intake, delivery(at: 160, trips: 3, known: true), at: 160)
        #expect(recovered.outcome == .accepted && recovered.matchWarning == nil && intake.tripMatches["rt"]?.isPoor == false)
        #expect(take(&intake, delivery(at: 190, trips: 3), at: 190).matchWarning != nil)
        // A duplicate (an older header) is not accepted, so it neither warns nor replaces the match.
        #expect(take(&intake, delivery(at: 150, trips: 3, known: true), at: 200).outcome == .duplicate)
        #expect(intake.tripMatches["rt"]?.isPoor == true)
    }

    @Test func aNewRoundEmptiesTheStoresOnceAndAFutureHeaderGetsOneStandIn() {
        var intake = FeedIntake()
        #expect(take(&intake, delivery(at: 1_000, trips: 1, known: true), at: 1_000).outcome == .accepted)
        // Round 1 starts over at an earlier clock: the store forgets round 0, so the earlier header is news.
        let next = take(&intake, delivery(at: 500, trips: 1, known: true), round: 1, at: 500)
        #expect(next.startedRound == 1 && next.outcome == .accepted && intake.round == 1)
        #expect(take(&intake, .notModified, round: 1, at: 510).startedRound == nil)
        // A header an hour ahead of the fetch: the fetch time stands in, and the same header again is a duplicate.
        let ahead = take(&intake, delivery(at: 4_100, trips: 1, known: true), round: 1, at: 520)
        #expect(ahead.outcome == .accepted && intake.vehicles.entries["rt"]?.headerTimestamp == 520)
        #expect(take(&intake, delivery(at: 4_100, trips: 1, known: true), round: 1, at: 550).outcome == .duplicate)
        #expect(intake.statistics["rt"] != nil)
    }
}
