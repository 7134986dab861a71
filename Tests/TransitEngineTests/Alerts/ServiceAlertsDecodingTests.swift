import Foundation
import Testing
import TransitData
import TransitEngine
import TestSupport

/// `ServiceAlerts.decodeFeed`: the server's way in for alerts feeds, fed real, truncated,
/// oversized, gzipped and garbage bytes.
@Suite struct ServiceAlertsDecodingTests {
    static let header = GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "2.0", timestamp: 1_705_795_178)

    @Test(.enabled(if: SharedData.isAvailable))
    func decodesTheRealFeedWithItsMercuryExtensionGzippedOrNot() throws {
        let bytes = try SharedData.data("alerts/mta_subway_alerts_20240120T185938.pb")
        let feed = try ServiceAlerts.decodeFeed(bytes)
        #expect(feed.entities.count == 302)
        #expect(feed.entities.contains { $0.alert?.mercuryAlert?.alertType == "Planned - Part Suspended" })
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-c"]
        let input = Pipe(), output = Pipe()
        gzip.standardInput = input
        gzip.standardOutput = output
        try gzip.run()
        input.fileHandleForWriting.write(bytes)
        try input.fileHandleForWriting.close()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        #expect(try ServiceAlerts.decodeFeed(compressed) == feed)
        // Every cut of the file fails with an error or decodes to a prefix; none crashes.
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            _ = try? ServiceAlerts.decodeFeed(bytes.prefix(length))
        }
        #expect(throws: ServiceAlerts.DecodingFailure.self) { try ServiceAlerts.decodeFeed(bytes, limit: bytes.count - 1) }
    }

    @Test func refusesGarbageEmptyBytesAndFeedsThatAreNotAlerts() throws {
        for garbage in [Data(), Data([0x0a, 0xff, 0xff, 0xff, 0xff]), Data("<html>502 Bad Gateway</html>".utf8),
                        Data([0x1f, 0x8b, 0x08, 0x00, 0x01])] {
            #expect(throws: ServiceAlerts.DecodingFailure.self) { try ServiceAlerts.decodeFeed(garbage) }
        }
        let vehicles = GTFSRealtime.FeedMessage(header: Self.header, entities: [
            GTFSRealtime.FeedEntity(id: "t", vehicle: GTFSRealtime.VehiclePosition(stopId: "127N")),
        ])
        let refused = #expect(throws: ServiceAlerts.DecodingFailure.self) {
            try ServiceAlerts.decodeFeed(Data(vehicles.protobufBytes))
        }
        #expect(refused?.description.contains("not an alerts feed") == true)
        // No entities at all: nothing is in force, which is a valid answer.
        let empty = GTFSRealtime.FeedMessage(header: Self.header, entities: [])
        #expect(try ServiceAlerts.decodeFeed(Data(empty.protobufBytes)).entities.isEmpty)
    }
}
