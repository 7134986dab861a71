import Foundation
import Synchronization
import Testing
@testable import TracksideServer
import WebSocketServer

@Suite struct PollBackoffTests {
    @Test func healthyFeedsKeepTheirInterval() {
        var backoff = PollBackoff(interval: 15)
        #expect(backoff.delay(afterSuccess: true, jitter: 0.9) == 15)
        #expect(backoff.failures == 0)
    }

    @Test func failuresDoubleTheWaitUpToTheMaximumWithJitterNeverShorter() {
        var backoff = PollBackoff(interval: 15, maximum: 300)
        let waits = (0..<6).map { _ in backoff.delay(afterSuccess: false, jitter: 0) }
        #expect(waits == [30, 60, 120, 240, 300, 300])
        #expect(backoff.failures == 6)
        let jittered = backoff.delay(afterSuccess: false, jitter: 0.999)
        #expect(jittered > 300 && jittered < 375.01)
        #expect(backoff.delay(afterSuccess: true, jitter: 0.5) == 15)
        #expect(backoff.failures == 0)
    }

    @Test func outOfRangeJitterIsClamped() {
        var backoff = PollBackoff(interval: 10)
        #expect(backoff.delay(afterSuccess: false, jitter: -4) == 20)
        #expect(backoff.delay(afterSuccess: false, jitter: 7) == 50)
    }
}

@Suite struct MTAFeedsTests {
    @Test func withoutAKeyTheSubwayAndAlertsArePolledButNotBuses() throws {
        let endpoints = try MTAFeeds(busTimeKey: nil).endpoints()
        #expect(endpoints.map { $0.feedID } == ["ace", "bdfm", "g", "jz", "nqrw", "l", "1234567", "si", "subway-alerts"])
        #expect(endpoints[0].url.absoluteString == "https://api-endpoint.mta.info/Dataservice/mtagtfsfeeds/nyct%2Fgtfs-ace")
        #expect(endpoints.last?.url.absoluteString == "https://api-endpoint.mta.info/Dataservice/mtagtfsfeeds/camsys%2Fsubway-alerts")
        #expect(endpoints.allSatisfy { $0.format == .gtfsRealtime })
        #expect(endpoints.map { $0.interval } == Array(repeating: 15, count: 8) + [60])
    }

    @Test func busTimeGetsTheKeyAndIsNeverPolledFasterThanThirtySeconds() throws {
        var feeds = MTAFeeds(busTimeKey: "k&y")
        feeds.busInterval = 5
        feeds.busTimeURL = "http://127.0.0.1:9/vm.json?VehicleMonitoringDetailLevel=normal"
        let bus = try #require(try feeds.endpoints().last)
        #expect(bus.feedID == "siri-vm" && bus.format == .siri && bus.interval == 30)
        let query = URLComponents(url: bus.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.map { "\($0.name)=\($0.value ?? "")" } == ["VehicleMonitoringDetailLevel=normal", "key=k&y", "version=2"])
    }

    @Test func monitoredBusStopsArePolledWithStopMonitoringAndCallsOnRequest() throws {
        var feeds = MTAFeeds(busTimeKey: "key")
        feeds.monitoredStops = ["404303", "308209"]
        feeds.vehicleCalls = true
        feeds.stopMonitoringURL = "http://127.0.0.1:9/sm.json"
        let bus = try feeds.endpoints().suffix(3)
        #expect(bus.map { $0.feedID } == ["siri-vm", "siri-sm-404303", "siri-sm-308209"])
        #expect(bus.allSatisfy { $0.format == .siri && $0.interval == 30 })
        let queries = bus.map { endpoint in
            (URLComponents(url: endpoint.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
        }
        #expect(queries == [["VehicleMonitoringDetailLevel=calls", "key=key", "version=2"],
                            ["MonitoringRef=404303", "key=key", "version=2"], ["MonitoringRef=308209", "key=key", "version=2"]])
        #expect(bus.last?.url.path == "/sm.json")
        // Without a key, no bus feed at all.
        feeds.busTimeKey = nil
        #expect(try feeds.endpoints().allSatisfy { !$0.feedID.hasPrefix("siri") })
    }

    @Test func badOrTooManyMonitoredStopsAreRefused() {
        var feeds = MTAFeeds(busTimeKey: "key")
        for bad in [[""], ["40 43"], ["a&b"], [String(repeating: "4", count: 33)]] {
            feeds.monitoredStops = bad
            #expect(throws: MTAFeeds.Failure.self) { try feeds.endpoints() }
        }
        feeds.monitoredStops = (0...MTAFeeds.maximumMonitoredStops).map { "\(400_000 + $0)" }
        #expect(throws: MTAFeeds.Failure.self) { try feeds.endpoints() }
    }

    @Test func aBaseThatIsNotHTTPIsRefused() {
        var feeds = MTAFeeds(busTimeKey: nil)
        feeds.subwayBase = "ftp://example/"
        #expect(throws: MTAFeeds.Failure.self) { try feeds.endpoints() }
    }
}

@Suite struct FeedRecorderTests {
    @Test func recordedNamesReplayAsTheirFeedFormatAndFetchTime() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorder = try FeedRecorder(directory: folder)
        let fetchedAt = 1_764_430_980.0  // 2025-11-29 15:43:00 UTC = 10:43:00 in New York
        let pb = try recorder.record(FeedPayload(feedID: "1234567", format: .gtfsRealtime, bytes: Data([1, 2]), origin: "t"),
                                     fetchedAt: fetchedAt)
        let json = try recorder.record(FeedPayload(feedID: "siri-vm", format: .siri, bytes: Data("{}".utf8), origin: "t"),
                                       fetchedAt: fetchedAt + 0.7)
        #expect(pb.lastPathComponent == "1234567_20251129T104300.pb")
        #expect(json.lastPathComponent == "siri-vm_20251129T104300.json")
        #expect(try Data(contentsOf: pb) == Data([1, 2]))
        let recording = try ReplayRecording(directory: folder.path) { _, _ in nil }
        #expect(recording.files.map { $0.feedID } == ["1234567", "siri-vm"])
        #expect(recording.files.map { $0.format } == [.gtfsRealtime, .siri])
        #expect(recording.files.allSatisfy { $0.timestamp == fetchedAt })
    }
}

@Suite struct CachedDownloadTests {
    /// Nothing listens on port 9 of 127.0.0.1: every download is refused.
    static let refused = URL(string: "http://127.0.0.1:9/gtfs_subway.zip")!

    @Test func aFailedDownloadFallsBackToAnOldCachedCopyAndWithoutOneFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var cache = CachedDownload.staticGTFS(url: Self.refused, directory: folder)
        cache.timeout = 2
        #expect(throws: CachedDownload.Failure.self) { try cache.path(logger: Logger { _ in }) }

        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("subway-gtfs.zip")
        try Data([0x50, 0x4B, 0x03, 0x04]).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -200_000)], ofItemAtPath: file.path)
        let logged = Mutex<[String]>([])
        #expect(try cache.path(logger: Logger { line in logged.withLock { $0.append(line) } }) == file.path)
        #expect(logged.withLock { $0.count == 1 && $0[0].contains("using the older cached") })
    }

    @Test func aFreshCachedCopyIsUsedWithoutDownloading() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("subway-gtfs.zip")
        try Data([0x50, 0x4B, 0x03, 0x04]).write(to: file)
        let logged = Mutex<[String]>([])
        #expect(try CachedDownload.staticGTFS(url: Self.refused, directory: folder).path(logger: Logger { line in logged.withLock { $0.append(line) } }) == file.path)
        #expect(logged.withLock { $0.isEmpty })
    }
}
