import Foundation
import Synchronization
import Testing
import TestSupport
import TransitEngine
@testable import TracksideServer
import WebSocketServer

@Suite(.enabled(if: SharedData.isAvailable)) struct FeedIngestTests {
    static let folder = "gtfs-rt-samples/nyct-subway/replay/2019-06-01_7-train_4-snapshots-30s/"

    func payload(_ name: String, round: Int = 0) throws -> FeedPayload {
        FeedPayload(feedID: "feed51-7", format: .gtfsRealtime, bytes: try SharedData.data(Self.folder + name),
                    origin: name, round: round)
    }

    final class Log: Sendable {
        let lines = Mutex<[String]>([])
    }

    @Test func badUpdatesKeepTheLastGoodFeedAndANewRoundStartsAfresh() throws {
        let log = Log()
        let ingest = FeedIngest(profile: NYCTProfile(), logger: Logger { line in log.lines.withLock { $0.append(line) } })
        let first = try payload("feed51-7_20190601T112825.pb")
        #expect(ingest.ingest(first, feedTime: 1_559_402_905, wallTime: 1))
        #expect(ingest.contentTimestamp(.gtfsRealtime, first.bytes) == 1_559_402_905)
        let trains = ingest.snapshot.feeds.first?.trains.count ?? 0
        #expect(trains >= 20)

        var garbage = first
        garbage.bytes = Data([0x0a, 0xff, 0xff, 0xff, 0xff, 0x01])
        #expect(!ingest.ingest(garbage, feedTime: 1_559_402_910, wallTime: 2))
        #expect(ingest.contentTimestamp(.gtfsRealtime, garbage.bytes) == nil)
        #expect(ingest.snapshot.feeds.first?.trains.count == trains)
        let status = try #require(ingest.status(feedTime: 1_559_402_910, staleAfter: { _ in 90 }).first)
        #expect(status.isStale && status.failure != nil && status.age == 5)
        #expect(log.lines.withLock { $0 }.contains { $0.contains("kept the last good data") })

        #expect(!ingest.ingest(first, feedTime: 1_559_402_912, wallTime: 3), "a repeated header time is a duplicate")
        #expect(ingest.ingest(try payload("feed51-7_20190601T112855.pb"), feedTime: 1_559_402_935, wallTime: 4))
        #expect(ingest.status(feedTime: 1_559_402_936, staleAfter: { _ in 90 }).first?.isStale == false)

        // A looping replay's next round brings the first file again: accepted, the old round forgotten.
        #expect(ingest.ingest(try payload("feed51-7_20190601T112825.pb", round: 1), feedTime: 1_559_402_905, wallTime: 5))
        #expect(ingest.round == 1)
        #expect(ingest.status(feedTime: 1_559_402_905, staleAfter: { _ in 90 }).first?.accepted == 1)
    }
}
