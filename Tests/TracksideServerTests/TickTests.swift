import Foundation
import Synchronization
import Testing
import TestSupport
import TransitData
import TransitEngine
@testable import TracksideServer
@testable import WebSocketServer

/// One tick, one snapshot: the server replaying the recorded 7-train feeds on the 2018 subway,
/// its feeds delivered by hand and its clock set by the test.
@Suite(.enabled(if: SharedData.isAvailable), .serialized) struct TickTests {
    static let folder = "gtfs-rt-samples/nyct-subway/replay/2019-06-01_7-train_4-snapshots-30s/"
    static let first = (file: "feed51-7_20190601T112825.pb", header: 1_559_402_905.0)
    static let second = (file: "feed51-7_20190601T112855.pb", header: 1_559_402_935.0)
    /// Grand Central-42 St, on the 7.
    static let station = "723"

    /// An app whose wall clock is `wall` (the replay starts at wall time 1000, at the recording's
    /// first header time, at normal speed: feed time = first header + wall - 1000).
    final class Fixture: Sendable {
        final class Wall: Sendable {
            let seconds = Mutex(1000.0)
        }
        let clock = Wall()
        let app: TracksideApp

        init(staleAfter: Double = 90, elevators: String? = nil) throws {
            var configuration = TracksideConfiguration(source: .replay(directory: SharedData.url(TickTests.folder).path),
                                                       gtfsPaths: [SharedData.url("nyc-subway-gtfs/2018-11_full-except-stop_times").path])
            configuration.staleAfter = staleAfter
            if let elevators {
                configuration.elevatorsLocation = elevators
                configuration.elevatorEquipmentPath = SharedData.url("entrances/mta-elevators-escalators_2024_nyct_ene_equipments.json").path
            }
            let clock = clock
            app = try TracksideApp(configuration: configuration, logger: Logger { _ in }, clock: { clock.seconds.withLock { $0 } })
        }

        /// Sets the clock so the feeds' time is `feedTime`.
        func set(feedTime: Double) {
            clock.seconds.withLock { $0 = 1000 + feedTime - TickTests.first.header }
        }

        /// Delivers a recorded file as the replay would, at the current clock.
        func deliver(_ file: String) throws {
            let payload = FeedPayload(feedID: "feed51-7", format: .gtfsRealtime,
                                      bytes: try SharedData.data(TickTests.folder + file), origin: file)
            let wall = clock.seconds.withLock { $0 }
            #expect(app.ingest.ingest(payload, feedTime: app.source.feedTime(atWallTime: wall), wallTime: wall))
        }
    }

    @Test("A feed arriving between the vehicle step and the board step cannot give one tick two snapshots")
    func oneSnapshotPerTick() throws {
        let fixture = try Fixture()
        fixture.set(feedTime: Self.first.header + 5)
        try fixture.deliver(Self.first.file)
        let app = fixture.app
        let feedTime = Self.first.header + 40
        let input = Tick.Input(feeds: app.ingest.tickFeeds(feedTime: feedTime, staleAfter: app.staleAfter), feedTime: feedTime,
                               watchedStations: [Self.station])
        // The next file lands while the tick runs: after its snapshot was taken.
        fixture.set(feedTime: Self.second.header + 1)
        try fixture.deliver(Self.second.file)
        let tick = app.step.run(input)

        #expect(tick.states.count >= 20)
        #expect(Set(tick.states.map(\.feedTimestamp)) == [UInt64(Self.first.header)], "vehicles from the first file only")
        let board = try #require(tick.boards.first)
        let fromFirst = app.boards.board(station: Self.station, feeds: BoardFeeds(snapshot: input.feeds.vehicles, at: feedTime),
                                         now: feedTime)
        #expect(board == fromFirst, "the board from the same snapshot as the vehicles")
        let newer = app.step.run(Tick.Input(feeds: app.ingest.tickFeeds(feedTime: feedTime, staleAfter: app.staleAfter),
                                            feedTime: feedTime, watchedStations: [Self.station]))
        #expect(newer.boards.first?.groups != board.groups, "the second file would have changed the board")
    }

    @Test("--stale-after 30 makes a vehicle stale 30 s after its feed's time, with its board and its feed")
    func staleAfterReachesVehicles() throws {
        let fixture = try Fixture(staleAfter: 30)
        fixture.set(feedTime: Self.first.header)
        try fixture.deliver(Self.first.file)
        let app = fixture.app
        fixture.set(feedTime: Self.first.header + 29)
        let fresh = app.runTick(watched: ([Self.station], []))
        #expect(fresh.states.count >= 20 && fresh.states.allSatisfy { !$0.flags.contains(.stale) })
        #expect(fresh.boards.first?.isStale == false)
        #expect(app.feedStatus(atWallTime: fixture.clock.seconds.withLock { $0 }).map(\.isStale) == [false])

        fixture.set(feedTime: Self.first.header + 31)
        let stale = app.runTick(watched: ([Self.station], []))
        #expect(stale.states.count == fresh.states.count && stale.states.allSatisfy { $0.flags.contains(.stale) })
        #expect(stale.boards.first?.isStale == true)
        #expect(app.feedStatus(atWallTime: fixture.clock.seconds.withLock { $0 }).map(\.isStale) == [true])
        #expect(!app.readiness().isReady)
    }

    @Test("The outage feed is reported like every feed (/api/feeds, /readyz and /metrics, judged on the wall clock), and only degrades readiness")
    func outageFeedIsReportedLikeEveryFeed() throws {
        // The poller is not started: the test hands the feed its documents at the wall times it chooses.
        let fixture = try Fixture(elevators: "/nonexistent/nyct_ene.json")
        let app = fixture.app, feed = try #require(app.elevatorFeed)
        fixture.set(feedTime: Self.first.header)
        try fixture.deliver(Self.first.file)
        app.runTick(watched: ([], []))
        #expect(app.readiness().feeds.map(\.id) == ["feed51-7", "elevators"])
        // Auxiliary: it degrades the instance, never holds it back (trains and boards do not depend on it).
        #expect(app.readiness().feeds.map(\.reason) == [nil, "never fetched"])
        #expect(app.readiness().isReady && app.readiness().isDegraded && !app.readiness().isReady(strict: true))

        let wall = fixture.clock.seconds.withLock { $0 }
        feed.ingest(Data(ElevatorFeedTests.outage.utf8), at: wall - 10)
        app.runTick(watched: ([], []))
        #expect(app.readiness().isReady(strict: true))
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(app.feedsBody())) as? [String: Any])
        let elevators = try #require((listed["feeds"] as? [[String: Any]])?.first { $0["id"] as? String == "elevators" })
        #expect(elevators["age"] as? Double == 10 && elevators["stale"] as? Bool == false)
        #expect(elevators["stale_after"] as? Double == 180 && elevators["failure"] is NSNull)

        feed.reject(FetchFailure(.httpStatus(503), "HTTP 503"), at: wall)
        app.runTick(watched: ([], []))
        #expect(app.readiness().feeds.map(\.reason) == [nil, "failing: HTTP 503"])
        #expect(app.readiness().isReady && !app.readiness().isReady(strict: true))
        let metrics = app.metricsText()
        for sample in [#"trackside_feed_stale{feed="elevators"} 1"#, #"trackside_feed_age_seconds{feed="elevators"} 10"#,
                       #"trackside_feed_failures_total{feed="elevators"} 1"#, #"trackside_feed_reports_total{feed="elevators"} 1"#,
                       #"trackside_feed_errors_total{feed="elevators",kind="http"} 1"#,
                       #"trackside_feed_http_errors_total{feed="elevators",code="503"} 1"#,
                       #"trackside_feed_stale{feed="feed51-7"} 0"#] {
            #expect(metrics.contains(sample + "\n"), "\(sample)")
        }
    }

    @Test("REST arrivals equal the last pushed board until the next tick, whatever arrived since")
    func restAnswersFromTheLastTick() throws {
        let fixture = try Fixture()
        fixture.set(feedTime: Self.first.header + 5)
        try fixture.deliver(Self.first.file)
        let app = fixture.app
        // A push service with one client watching the station, fed the app's tick.
        let sent = Mutex<[[UInt8]]>([])
        let service = PushService<Int, [UInt8]>(configuration: PushHub.Configuration(epoch: "e", source: "replay"),
                                                prepare: { bytes, _ in bytes },
                                                send: { batch, _ in sent.withLock { $0 += batch.map(\.1) } })
        let client = service.connect(1)
        service.receive(#"{"op":"watch","station":"\#(Self.station)"}"#, from: client)
        #expect(service.watched.stations == [Self.station])
        fixture.set(feedTime: Self.first.header + 20)
        service.publish(app.runTick(watched: service.watched))
        let pushed = try #require(sent.withLock { $0 }.last { String(decoding: $0, as: UTF8.self).contains(#""type":"arrivals""#) })
        let seq = service.statistics.seq

        // A new file and a later clock: REST still answers the tick that was pushed.
        fixture.set(feedTime: Self.second.header + 25)
        try fixture.deliver(Self.second.file)
        let arrivals = try #require(app.routedGET("/api/stations/\(Self.station)/arrivals"), "no arrivals route")
        #expect(arrivals().body == pushed)
        #expect(service.statistics.seq == seq)

        // The next tick moves both.
        service.publish(app.runTick(watched: service.watched))
        let next = try #require(sent.withLock { $0 }.last { String(decoding: $0, as: UTF8.self).contains(#""type":"arrivals""#) })
        #expect(next != pushed && arrivals().body == next)
    }
}
