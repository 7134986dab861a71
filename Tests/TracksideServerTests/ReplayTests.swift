import Foundation
import Synchronization
import Testing
import TestSupport
import TransitData
import TransitEngine
@testable import TracksideServer

@Suite struct ReplayScheduleTests {
    @Test func mapsTheRecordingClockOntoTheWallClock() {
        let schedule = ReplaySchedule(timestamps: [1000, 1030, 1060], speed: 2, loops: false, start: 50)
        #expect(schedule.feedTime(atWallTime: 50) == 1000)
        #expect(schedule.feedTime(atWallTime: 65) == 1030)
        #expect(schedule.feedTime(atWallTime: 40) == 1000)
        #expect(schedule.play(0)! == (0, 0, 50))
        #expect(schedule.play(2)! == (2, 0, 80))
        #expect(schedule.play(3) == nil)
    }

    @Test func loopsWithOneTypicalGapAfterTheLastFile() {
        let schedule = ReplaySchedule(timestamps: [1000, 1030, 1060], speed: 1, loops: true, start: 0)
        #expect(schedule.cycle == 90)
        #expect(schedule.play(3)! == (0, 1, 90))
        #expect(schedule.play(7)! == (1, 2, 210))
        #expect(schedule.feedTime(atWallTime: 89) == 1089)
        #expect(schedule.feedTime(atWallTime: 95) == 1005)
    }

    @Test func aSingleFileLoopsEveryThirtySeconds() {
        let schedule = ReplaySchedule(timestamps: [500], speed: 1, loops: true, start: 0)
        #expect(schedule.cycle == 30 && schedule.play(2)! == (0, 2, 60))
    }

    @Test func skippingStartsWithTheFilesPublishedByThen() {
        let schedule = ReplaySchedule(timestamps: [1000, 1030, 1060], speed: 1, loops: false, start: 50, skip: 40)
        #expect(schedule.feedTime(atWallTime: 50) == 1040)
        #expect(schedule.play(0)! == (0, 0, 50) && schedule.play(1)! == (1, 0, 50))
        #expect(schedule.play(2)! == (2, 0, 70))
        let looping = ReplaySchedule(timestamps: [1000, 1030, 1060], speed: 1, loops: true, start: 0, skip: 100)
        #expect(looping.skip == 10 && looping.play(3)! == (0, 1, 80))
    }
}

@Suite struct ReplayRecordingTests {
    /// A temporary folder with the given files, removed by the caller.
    func folder(_ files: [String: [UInt8]]) throws -> String {
        let path = NSTemporaryDirectory() + "trackside-replay-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, bytes) in files {
            guard FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes)) else { throw CocoaError(.fileWriteUnknown) }
        }
        return path
    }

    @Test func ordersByContentTimeFallingBackToTheName() throws {
        let path = try folder([
            "ace_20240120T190632.pb": [2], "bus_20240120T190500.json.gz": [1],
            "garbage_20240120T190600.pb": [0xff], "notes.txt": [0], "nostamp.pb": [0xff],
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = try ReplayRecording(directory: path) { _, bytes in
            bytes.first == 0xff ? nil : 1_705_795_500 + Double(bytes[0]) * 100
        }
        #expect(recording.files.map(\.feedID) == ["garbage", "bus", "ace"])
        #expect(recording.files.map(\.format) == [.gtfsRealtime, .siri, .gtfsRealtime])
        // 2024-01-20 19:06:00 in New York is 2024-01-21 00:06:00 UTC.
        #expect(recording.files[0].timestamp == 1_705_795_560)
        #expect(recording.skipped == ["nostamp.pb: no timestamp in its content or name"])
    }

    /// A header from the future of its recording is handled as the live path handles one: the
    /// recording time stands in (the name's, else the file's modification time) and it is listed.
    @Test func aFileStampedInTheYear2100PlaysAtItsRecordingTime() throws {
        let path = try folder([
            "ace_20240120T190632.pb": [1], "ace_20240120T190702.pb": [2], "bus.pb": [2],
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let year2100 = 4_102_444_800.0
        let recording = try ReplayRecording(directory: path) { _, bytes in
            bytes[0] == 1 ? 1_705_795_592 : year2100
        }
        let times = Dictionary(uniqueKeysWithValues: recording.files.map { (($0.path as NSString).lastPathComponent, $0.timestamp) })
        #expect(times == ["ace_20240120T190632.pb": 1_705_795_592, "ace_20240120T190702.pb": 1_705_795_622])
        // No time in its name to stand in: skipped, saying why.
        #expect(recording.skipped == ["bus.pb: header stamped 2100-01-01T00:00:00Z, more than 5 minutes after it was recorded, and no recording time in its name"])
        #expect(recording.futureStamped.count == 1)
        #expect(recording.futureStamped.contains {
            $0.hasPrefix("ace_20240120T190702.pb: header stamped 2100-01-01T00:00:00Z") && $0.hasSuffix("played at 2024-01-21T00:07:02Z")
        })
        // The loop keeps the recording's own length.
        let schedule = ReplaySchedule(timestamps: recording.files.filter { $0.feedID == "ace" }.map(\.timestamp),
                                      speed: 1, loops: true, start: 0)
        #expect(schedule.cycle == 60)
    }

    /// The scan inflates each file once within the decoders' limit: a file past it has no content
    /// time (its name's stands in) and the scan does not hold it.
    @Test func aFileOverTheFeedLimitIsNotReadWhole() throws {
        let path = try folder(["ace_20240120T190632.pb": [1]])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let huge = path + "/ace_20240120T190702.pb"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: UInt64(FeedDecoder.limit) + 1)   // sparse: costs no disk
        try handle.close()
        let seen = Mutex<[Int]>([])
        let recording = try ReplayRecording(directory: path) { _, bytes in
            seen.withLock { $0.append(bytes.count) }
            return bytes.isEmpty ? nil : 1_705_795_592
        }
        #expect(recording.files.count == 2 && recording.files[1].timestamp == 1_705_795_622)
        #expect(seen.withLock { $0 }.allSatisfy { $0 <= 1 })
    }

    @Test func recognisesAlertsFeedsByNameOrContent() throws {
        let header = GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: 1_705_795_500)
        let alertOnly = GTFSRealtime.FeedMessage(header: header, entities: [GTFSRealtime.FeedEntity(
            id: "x", alert: GTFSRealtime.Alert(headerText: .init(translations: [.init(text: "Delays")])))])
        let path = try folder([
            // Named as `trackside record` and shared/data name them; an empty file is a failed fetch.
            "subway-alerts_20240120T190000.pb": [], "mta_subway_alerts_20240120T185938.pb": [0x0a, 0x00],
            // Recognised by content, and then every file of that feed id.
            "camsys_20240120T190100.pb": alertOnly.protobufBytes, "camsys_20240120T190200.pb": [0xff],
            "ace_20240120T190632.pb": [0x0a, 0x00], "bus_20240120T190500.json": Array("{}".utf8),
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = try ReplayRecording(directory: path) { _, _ in nil }
        let kinds = Dictionary(recording.files.map { ($0.path.split(separator: "/").last.map(String.init) ?? "", $0.kind) },
                               uniquingKeysWith: { first, _ in first })
        #expect(kinds == [
            "subway-alerts_20240120T190000.pb": .alerts, "mta_subway_alerts_20240120T185938.pb": .alerts,
            "camsys_20240120T190100.pb": .alerts, "camsys_20240120T190200.pb": .alerts,
            "ace_20240120T190632.pb": .vehicles, "bus_20240120T190500.json": .vehicles,
        ])
    }

    /// Names without a content time are read in the agency's zone: 08:00 in Auckland is 20:00 UTC the day
    /// before, not 08:00 in New York (12:00 UTC).
    @Test func fileNameTimesAreTheAgencysLocalTime() throws {
        let path = try folder(["at_20160519T080000.pb": [1], "at_20160519T080030.pb": [2]])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let auckland = try ReplayRecording(directory: path, timeZone: TimeZone(identifier: "Pacific/Auckland")!) { _, _ in nil }
        #expect(auckland.files.map(\.timestamp) == [1_463_601_600, 1_463_601_630])
        let newYork = try ReplayRecording(directory: path) { _, _ in nil }
        #expect(newYork.files.map(\.timestamp) == [1_463_659_200, 1_463_659_230])
    }

    @Test func refusesFoldersWithoutFeeds() throws {
        let path = try folder(["readme.md": [1]])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ReplayRecording.Failure.self) { try ReplayRecording(directory: path) { _, _ in 1 } }
        #expect(throws: ReplayRecording.Failure.self) { try ReplayRecording(directory: path + "/missing") { _, _ in 1 } }
    }

    @Test(.enabled(if: SharedData.isAvailable))
    func namesOfTheSevenTrainReplayGiveItsHeaderTimes() throws {
        let path = SharedData.url("gtfs-rt-samples/nyct-subway/replay/2019-06-01_7-train_4-snapshots-30s").path
        let recording = try ReplayRecording(directory: path) { _, _ in nil }
        #expect(recording.files.map(\.timestamp) == [1_559_402_905, 1_559_402_935, 1_559_402_965, 1_559_402_995])
        #expect(Set(recording.files.map(\.feedID)) == ["feed51-7"])
    }

    @Test func playsEveryFileInOrderThenStops() throws {
        let path = try folder(["a_20240101T000000.pb": [1], "a_20240101T000010.pb": [2], "b_20240101T000005.json": [3]])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recording = try ReplayRecording(directory: path) { _, _ in nil }
        let source = ReplaySource(recording: recording, speed: 100, loops: false, start: Date().timeIntervalSince1970)
        let played = Mutex<[UInt8]>([])
        let done = DispatchSemaphore(value: 0)
        source.start { payload in
            let count = played.withLock { list in
                list.append(contentsOf: payload.bytes)
                return list.count
            }
            if count == 3 { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        source.stop()
        #expect(played.withLock { $0 } == [1, 3, 2])
    }

    @Test func stopInterruptsTheWait() throws {
        let path = try folder(["a_20240101T000000.pb": [1], "a_20240101T010000.pb": [2]])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = ReplaySource(recording: try ReplayRecording(directory: path) { _, _ in nil },
                                  speed: 1, loops: true, start: Date().timeIntervalSince1970)
        source.start { _ in }
        let begun = Date()
        source.stop()
        #expect(Date().timeIntervalSince(begun) < 2)
    }
}
