import Foundation
import Synchronization
import Testing
import TestSupport
import TransitData
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

    /// A publisher's feed that suddenly lists no vehicle while trips should be running is far
    /// likelier broken than the city asleep, so it is refused and the last good one kept; between
    /// the timetable's trips it is believed, and the simulator's empty feed always is (it runs the
    /// timetable).
    @Test func anEmptyFeedIsBelievedOnlyWhenItCanBeTrue() throws {
        let first = try payload("feed51-7_20190601T112825.pb")  // header time 1_559_402_905
        var message = try GTFSRealtime.FeedMessage(protobuf: [UInt8](first.bytes), extensions: RealtimeFeedKind.vehicles.extensions)
        message.header.timestamp = 1_559_402_930
        message.entities = []
        let empty = Data(message.protobufBytes)
        let published = FeedIngest(profile: NYCTProfile(), logger: Logger { _ in })
        #expect(published.ingest(first, feedTime: 1_559_402_905, wallTime: 1))
        #expect(!published.ingest(FeedPayload(feedID: "feed51-7", format: .gtfsRealtime, bytes: empty, origin: "publisher"),
                                  feedTime: 1_559_402_930, wallTime: 2))
        #expect(published.snapshot.feeds.first?.trains.isEmpty == false, "the last good feed is kept")
        #expect(published.status(feedTime: 1_559_402_931, staleAfter: { _ in 90 }).first?.failure == "empty update (no vehicles)")

        let simulated = FeedIngest(profile: NYCTProfile(), logger: Logger { _ in })
        #expect(simulated.ingest(FeedPayload(feedID: "sim-vehicles", format: .gtfsRealtime, bytes: empty, origin: "sim simulator",
                                             emptyIsTruthful: true), feedTime: 1_559_402_930, wallTime: 2))
        let status = try #require(simulated.status(feedTime: 1_559_402_931, staleAfter: { _ in 90 }).first)
        #expect(!status.isStale && status.failure == nil && simulated.snapshot.feeds.first?.trains.isEmpty == true)

        // A publisher's empty feed is believed while the timetable is between trips (the feed's time is a Saturday,
        // 11:28 in New York), not while a trip should be under way.
        func timetable(trip departure: String, _ arrival: String) throws -> ScheduledService {
            let feed = try GTFSFeed(contentsOf: TemporaryFolder.with([
                "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nX,X,https://x.example,America/New_York\n",
                "routes.txt": "route_id,route_short_name,route_long_name,route_type\nA,A,,3\n",
                "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nD,1,1,1,1,1,1,1,20190101,20191231\n",
                "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\n1,One,40.7,-73.9\n2,Two,40.8,-73.9\n",
                "trips.txt": "route_id,trip_id,service_id\nA,t,D\n",
                "stop_times.txt": "trip_id,stop_id,arrival_time,departure_time,stop_sequence\nt,1,\(departure),\(departure),1\nt,2,\(arrival),\(arrival),2\n",
            ]))
            return ScheduledService(schedule: try feed.loadSchedule(), trips: feed.trips.rows, network: try Network(gtfs: [feed]),
                                    timeZone: TimeZone(identifier: "America/New_York")!, servicesOn: { feed.activeServiceIDs(on: $0) })
        }
        let quiet = FeedIngest(network: Network(routes: [], stops: [], trips: [], shapePoints: [:], profile: NYCTProfile()),
                               timetables: [try timetable(trip: "05:00:00", "05:10:00")], logger: Logger { _ in })
        #expect(quiet.ingest(FeedPayload(feedID: "rt1", format: .gtfsRealtime, bytes: empty, origin: "publisher"),
                             feedTime: 1_559_402_930, wallTime: 2))
        let busy = FeedIngest(network: Network(routes: [], stops: [], trips: [], shapePoints: [:], profile: NYCTProfile()),
                              timetables: [try timetable(trip: "11:00:00", "12:00:00")], logger: Logger { _ in })
        #expect(!busy.ingest(FeedPayload(feedID: "rt1", format: .gtfsRealtime, bytes: empty, origin: "publisher"),
                             feedTime: 1_559_402_930, wallTime: 2))
    }

    /// A header stamped more than five minutes after the fetch is garbage and the fetch time
    /// stands in. Kept, a day-ahead header made the feed look fresh for a day (even with every
    /// fetch failing) and refused each honest update after it as older; `uint64`'s maximum
    /// trapped the first vehicle state written.
    @Test func aHeaderFromTheFutureGivesWayToTheFetchTime() throws {
        let ingest = FeedIngest(profile: NYCTProfile(), logger: Logger { _ in })
        let first = try payload("feed51-7_20190601T112825.pb")  // header time 1_559_402_905
        func stamped(_ time: UInt64) throws -> FeedPayload {
            var message = try GTFSRealtime.FeedMessage(protobuf: [UInt8](first.bytes),
                                                       extensions: RealtimeFeedKind.vehicles.extensions)
            message.header.timestamp = time
            var restamped = first
            restamped.bytes = Data(message.protobufBytes)
            return restamped
        }
        let fetched = 1_559_402_900.0
        #expect(ingest.ingest(try stamped(1_559_402_900 + 86_400), feedTime: fetched, wallTime: 1))
        #expect(ingest.snapshot.feeds.first?.timestamp == fetched)
        let status = try #require(ingest.status(feedTime: fetched + 100, staleAfter: { _ in 90 }).first)
        #expect(status.age == 100 && status.isStale)
        #expect(ingest.ingest(try payload("feed51-7_20190601T112855.pb"), feedTime: 1_559_402_935, wallTime: 2),
                "the next honest update is newer than the fetch time kept")
        #expect(ingest.snapshot.feeds.first?.timestamp == 1_559_402_935)

        #expect(ingest.ingest(try stamped(.max), feedTime: 1_559_403_000, wallTime: 3))
        #expect(ingest.snapshot.feeds.first?.timestamp == 1_559_403_000)
        // Within the allowed lead a clock running ahead is believed.
        #expect(ingest.ingest(try stamped(1_559_403_100 + 250), feedTime: 1_559_403_100, wallTime: 4))
        #expect(ingest.snapshot.feeds.first?.timestamp == 1_559_403_350)

        // A publisher stuck on one future-stamped file: the same stand-in each time, so it is a
        // duplicate and the feed goes stale, as it would have with an honest header.
        let frozen = try stamped(1_559_410_000 + 86_400)
        #expect(ingest.ingest(frozen, feedTime: 1_559_410_000, wallTime: 5))
        #expect(!ingest.ingest(frozen, feedTime: 1_559_410_060, wallTime: 6), "the same file again is a duplicate")
        #expect(ingest.status(feedTime: 1_559_410_100, staleAfter: { _ in 90 }).first?.isStale == true)
    }

    @Test func everyFetchIsCountedByOutcome() throws {
        let ingest = FeedIngest(profile: NYCTProfile(), logger: Logger { _ in })
        let good = try payload("feed51-7_20190601T112825.pb")  // header time 1_559_402_905
        #expect(ingest.ingest(good, feedTime: 1_559_402_910, wallTime: 10, staleAfter: 90))
        let failed = FeedPayload(feedID: "feed51-7", format: .gtfsRealtime, bytes: Data(), origin: "t",
                                 content: .failed(FetchFailure(.httpStatus(503), "HTTP 503")))
        #expect(!ingest.ingest(failed, feedTime: 1_559_402_915, wallTime: 20, staleAfter: 90))
        #expect(ingest.status(feedTime: 1_559_402_915, staleAfter: { _ in 90 }).first?.failure == "HTTP 503")

        // A 304 confirms the kept feed: the failure no longer applies, but stays on record.
        let confirmed = FeedPayload(feedID: "feed51-7", format: .gtfsRealtime, bytes: Data(), origin: "t",
                                    content: .notModified)
        #expect(!ingest.ingest(confirmed, feedTime: 1_559_402_920, wallTime: 30, staleAfter: 90))
        let status = try #require(ingest.status(feedTime: 1_559_402_920, staleAfter: { _ in 90 }).first)
        #expect(status.failure == nil && !status.isStale)
        #expect(status.lastFailure == "HTTP 503" && status.lastFailureAt == 20)

        // A recorded failure (an empty file), garbage, and a good feed that arrives ten minutes late.
        var empty = good
        empty.bytes = Data()
        #expect(!ingest.ingest(empty, feedTime: 1_559_402_925, wallTime: 40, staleAfter: 90))
        var garbage = good
        garbage.bytes = Data([0x0a, 0xff, 0xff, 0xff, 0xff, 0x01])
        #expect(!ingest.ingest(garbage, feedTime: 1_559_402_930, wallTime: 50, staleAfter: 90))
        let late = try payload("feed51-7_20190601T112855.pb")  // header time 1_559_402_935
        #expect(ingest.ingest(late, feedTime: 1_559_403_600, wallTime: 60, staleAfter: 90), "stale, but newer: kept")

        let counted = try #require(ingest.statistics.first)
        #expect(counted.feedID == "feed51-7" && ingest.statistics.count == 1)
        let statistics = counted.statistics
        #expect(statistics.fetches == 6)
        #expect(statistics.bytes == good.bytes.count + garbage.bytes.count + late.bytes.count)
        let expected: [FeedStatistics.ErrorKind: Int] = [.http: 1, .empty: 1, .decode: 1, .stale: 1]
        #expect(statistics.errors == expected)
        #expect(statistics.httpErrors == [503: 1])
        #expect(statistics.lastSuccessAt == 30, "the late feed is no success; the 304 was")
        #expect(statistics.decodeDurations.count == 3)
        #expect(statistics.decodeDurations.sum > 0 && statistics.decodeDurations.sum < 10)
    }
}

@Suite(.enabled(if: SharedData.isAvailable)) struct AlertFeedIngestTests {
    static let alertsFile = "alerts/mta_subway_alerts_20240120T185938.pb"

    func payload(_ bytes: Data) -> FeedPayload {
        FeedPayload(feedID: "subway-alerts", format: .gtfsRealtime, kind: .alerts, bytes: bytes, origin: "test")
    }

    @Test func alertsFeedsAreKeptApartAndABadOneKeepsTheLastGoodAlerts() throws {
        let ingest = FeedIngest(profile: NYCTProfile(), logger: Logger { _ in })
        let bytes = try SharedData.data(Self.alertsFile)
        #expect(ingest.ingest(payload(bytes), feedTime: 1_705_795_200, wallTime: 1))
        let header = try #require(ingest.alerts(feedTime: 1_705_795_200, staleAfter: { _ in 90 }).feeds.first?.header.timestamp)
        let kept = ingest.alerts(feedTime: Double(header), staleAfter: { _ in 90 })
        #expect(kept.feeds.count == 1 && kept.timestamp == Double(header) && !kept.isStale)
        #expect(kept.feeds[0].entities.count > 300)
        // The Mercury extension was decoded (the vehicles registry would have skipped it).
        #expect(kept.feeds[0].entities.contains { $0.alert?.mercuryAlert?.alertType == "Delays" })
        #expect(ingest.snapshot.feeds.isEmpty, "alerts are not vehicle reports")

        for bad in [Data(), Data([0x0a, 0xff, 0xff]), bytes.prefix(bytes.count / 2), Data("<html>oops</html>".utf8)] {
            #expect(!ingest.ingest(payload(bad), feedTime: Double(header) + 10, wallTime: 2))
        }
        let after = ingest.alerts(feedTime: Double(header) + 10, staleAfter: { _ in 90 })
        #expect(after.isStale && after.feeds.first?.entities.count == kept.feeds[0].entities.count)
        let status = try #require(ingest.status(feedTime: Double(header) + 10, staleAfter: { _ in 90 }).first { $0.id == "subway-alerts" })
        #expect(status.accepted == 1 && status.failures == 4 && status.failure != nil)

        // A vehicles feed delivered as alerts is refused, not taken for "no alerts".
        let vehicles = try SharedData.data(FeedIngestTests.folder + "feed51-7_20190601T112825.pb")
        #expect(!ingest.ingest(payload(vehicles), feedTime: Double(header) + 20, wallTime: 3))
        #expect(ingest.status(feedTime: Double(header) + 20, staleAfter: { _ in 90 }).first?.failure?.contains("not an alerts feed") == true)
    }

    /// The alerts feed's header time obeys the same rule as a vehicles feed's (see
    /// `aHeaderFromTheFutureGivesWayToTheFetchTime`); at `uint64`'s maximum it trapped `/api/alerts`.
    @Test func anAlertsHeaderFromTheFutureGivesWayToTheFetchTime() throws {
        let ingest = FeedIngest(profile: NYCTProfile(), logger: Logger { _ in })
        for (round, stamp) in [UInt64.max, UInt64(1000 + 86_400)].enumerated() {
            let feed = GTFSRealtime.FeedMessage(header: GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: stamp), entities: [])
            let fetched = Double(1000 + round * 10)
            #expect(ingest.ingest(payload(Data(feed.protobufBytes)), feedTime: fetched, wallTime: fetched))
            #expect(ingest.alerts(feedTime: fetched, staleAfter: { _ in 90 }).timestamp == fetched)
        }
    }

    @Test func anAlertsFeedWithoutEntitiesSaysNothingIsInForce() throws {
        let ingest = FeedIngest(profile: NYCTProfile(), logger: Logger { _ in })
        let empty = GTFSRealtime.FeedMessage(header: GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: 1000), entities: [])
        #expect(ingest.ingest(payload(Data(empty.protobufBytes)), feedTime: 1000, wallTime: 1))
        let kept = ingest.alerts(feedTime: 1010, staleAfter: { _ in 90 })
        #expect(kept.feeds.count == 1 && kept.feeds[0].entities.isEmpty && !kept.isStale && kept.timestamp == 1000)
    }
}
