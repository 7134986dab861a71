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

        init(staleAfter: Double = 90) throws {
            var configuration = TracksideConfiguration(source: .replay(directory: SharedData.url(TickTests.folder).path),
                                                       gtfsPaths: [SharedData.url("nyc-subway-gtfs/2018-11_full-except-stop_times").path])
            configuration.staleAfter = staleAfter
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
        let router = Router()
        app.installRoutes(on: router)
        let request = HTTPRequest(method: "GET", target: "/api/stations/\(Self.station)/arrivals", headers: HTTPHeaders([("Host", "h")]))
        guard case .respond(.immediate(let handler), let routed) = router.resolve(request, remoteAddress: "127.0.0.1:1") else {
            Issue.record("no arrivals route")
            return
        }
        #expect(handler(routed).body == pushed)
        #expect(service.statistics.seq == seq)

        // The next tick moves both.
        service.publish(app.runTick(watched: service.watched))
        let next = try #require(sent.withLock { $0 }.last { String(decoding: $0, as: UTF8.self).contains(#""type":"arrivals""#) })
        #expect(next != pushed && handler(routed).body == next)
    }
}
