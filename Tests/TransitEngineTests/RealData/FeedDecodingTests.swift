import Foundation
import Testing
import TestSupport
@testable import TransitEngine

@Suite(.enabled(if: SharedData.isAvailable))
struct FeedDecodingTests {
    let path = "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds/bdfm_20240120T190431.pb"

    @Test func readsNYCTQuirksIntoReports() throws {
        let feed = try FeedReport(decoding: SharedData.data(path), name: "bdfm", profile: NYCTProfile(), fetchedAt: 0)
        #expect(feed.timestamp == 1_705_795_471)
        #expect(feed.trains.count == 73)
        // No subway vehicle carries coordinates; every stop id has its platform suffix.
        #expect(feed.trains.allSatisfy { $0.position == nil })
        #expect(feed.trains.allSatisfy { train in train.stopTimes.allSatisfy { $0.stopID.last == "N" || $0.stopID.last == "S" } })
        #expect(feed.trains.allSatisfy { $0.direction == "N" || $0.direction == "S" })
        // B-division trips announced with a future stamp are not started, and carry no report time.
        let waiting = feed.trains.filter(\.notStarted)
        #expect(waiting.count == 36)
        #expect(waiting.allSatisfy { $0.reportedAt == nil })
        #expect(feed.runTimes.leg(to: "A19N", route: "D")?.previousStopID == "A20N")
    }

    @Test func tellsProtobufFromSIRIByContent() throws {
        // Every protobuf feed starts with a newline byte, and some continue with `{`.
        for path in try RealFeeds.files(in: "gtfs-rt-samples/nyct-subway/2024-01-20_all-7-feeds") {
            let feed = try FeedReport(decoding: SharedData.data(path), name: path, profile: NYCTProfile(), fetchedAt: 0)
            #expect(!feed.trains.isEmpty && feed.buses.isEmpty, "\(path)")
        }
        let buses = try FeedReport(decoding: SharedData.data("bus-siri/vehicle-monitoring/vm_S40_20120821T120621.json"),
                                   name: "S40", profile: NYCTProfile(), fetchedAt: 0)
        #expect(buses.buses.count == 2 && buses.trains.isEmpty)
        #expect(buses.buses.allSatisfy { $0.routeID == "S40" && $0.position.isPlausible })
    }

    @Test func oversizedFeedsAreRefused() throws {
        // 2.4 MB of JSON once inflated, 271 kB on disk: both limits apply.
        let snapshot = try SharedData.data("bus-siri/vehicle-monitoring/vm_all-lines_20170225T154233.json.gz")
        #expect(throws: FeedReport.DecodingFailure.self) {
            _ = try FeedReport(decoding: snapshot, name: "vm", profile: NYCTProfile(), fetchedAt: 0, limit: 1 << 20)
        }
        #expect(throws: FeedReport.DecodingFailure.self) {
            _ = try FeedReport(decoding: snapshot, name: "vm", profile: NYCTProfile(), fetchedAt: 0, limit: 100_000)
        }
        #expect(try FeedReport(decoding: snapshot, name: "vm", profile: NYCTProfile(), fetchedAt: 0, limit: 4 << 20).buses.count == 2_311)
    }

    @Test func bareStopIdsGetTheTripsDirection() throws {
        let feed = try FeedReport(decoding: SharedData.data("gtfs-rt-samples/nyct-subway/2019-09-14_weekend/feed21-bdfm_20190914T200116.pb"),
                                  name: "bdfm", profile: NYCTProfile(), fetchedAt: 0)
        let stops = feed.trains.compactMap(\.vehicleStopID)
        #expect(!stops.isEmpty)
        #expect(stops.allSatisfy { $0.last == "N" || $0.last == "S" })
        // Missing current_status stays unknown rather than invented.
        #expect(feed.trains.contains { $0.stopStatus == nil })
    }

    @Test func badBytesAreAClearErrorNotACrash() throws {
        let real = try SharedData.data(path)
        let inputs: [(String, Data)] = [
            ("empty", Data()),
            ("truncated", real.prefix(real.count / 2)),
            ("garbage", Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })),
            ("bad gzip", Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff])),
        ]
        for (label, bytes) in inputs {
            #expect(throws: FeedReport.DecodingFailure.self, "\(label)") {
                _ = try FeedReport(decoding: bytes, name: label, profile: NYCTProfile(), fetchedAt: 0)
            }
        }
    }
}
