import Foundation
import Testing
@testable import TransitData

@Suite struct FeedDecoderTests {
    /// A vehicles feed shaped like the held-out MTA recordings of the 1–7 feed: its header is 123
    /// bytes long, so the message starts 0x0A 0x7B — a newline and `{` to a JSON sniffer.
    static func feedWithHeaderLength0x7B() -> [UInt8] {
        let entity = GTFSRealtime.FeedEntity(id: "1", tripUpdate: GTFSRealtime.TripUpdate(trip: GTFSRealtime.TripDescriptor(tripId: "t")))
        for padding in 100..<128 {
            let header = GTFSRealtime.FeedHeader(gtfsRealtimeVersion: String(repeating: "1", count: padding), timestamp: 1_700_000_000)
            let bytes = GTFSRealtime.FeedMessage(header: header, entities: [entity]).protobufBytes
            if bytes[1] == 0x7B { return bytes }
        }
        Issue.record("no padding gives a 123-byte header")
        return []
    }

    @Test func aHeaderWhoseLengthByteIsABraceIsProtobuf() throws {
        let bytes = Self.feedWithHeaderLength0x7B()
        #expect(Array(bytes.prefix(2)) == [0x0A, 0x7B])
        #expect(SIRIDecoder.syntax(of: Data(bytes)) == .json, "what a JSON-first sniffer sees")
        #expect(FeedDecoder.sniff(Data(bytes)) == .protobuf)
        guard case .vehicles(let feed) = try FeedDecoder.decode(Data(bytes)) else {
            Issue.record("not decoded as a vehicles feed")
            return
        }
        #expect(feed.header.timestamp == 1_700_000_000 && feed.entities.map(\.id) == ["1"])
    }

    @Test func siriIsToldByItsFirstByteAndProtobufByItsHeader() throws {
        #expect(FeedDecoder.sniff(Data(" \n{\"Siri\":{}}".utf8)) == .siri)
        #expect(FeedDecoder.sniff(Data("<Siri/>".utf8)) == .siri)
        #expect(FeedDecoder.sniff(Data([0x0A, 0x3C])) == .protobuf)
        #expect(FeedDecoder.sniff(Data([0x12, 0x00])) == .protobuf)
    }

    @Test func truncatedOversizedAndGarbageInputFailWithOneLine() throws {
        let bytes = Self.feedWithHeaderLength0x7B()
        let truncated = try #require(throws: FeedDecoder.Failure.self) { try FeedDecoder.decode(Data(bytes.dropLast(3))) }
        #expect(truncated.description.contains("truncated"))
        let oversized = try #require(throws: FeedDecoder.Failure.self) { try FeedDecoder.decode(Data(bytes), limit: bytes.count - 1) }
        #expect(oversized.description.contains("exceed the limit"))
        #expect(throws: FeedDecoder.Failure.self) { try FeedDecoder.decode(Data([0x0F, 0xFF, 0x00])) }
        #expect(throws: FeedDecoder.Failure.self) { try FeedDecoder.decode(Data("{not json".utf8)) }
        #expect(throws: FeedDecoder.Failure.self) { try FeedDecoder.decode(Data([0x1F, 0x8B, 0x08, 0x00])) }
    }

    @Test func aDeclaredFormatIsNotSniffed() throws {
        let alerts = GTFSRealtime.FeedMessage(header: GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "2.0"), entities: [
            GTFSRealtime.FeedEntity(id: "a", alert: GTFSRealtime.Alert(headerText: .init(translations: [.init(text: "Delays")]))),
        ])
        guard case .alerts = try FeedDecoder.decode(Data(alerts.protobufBytes)) else {
            Issue.record("an all-alerts feed is an alerts feed")
            return
        }
        guard case .vehicles = try FeedDecoder.decode(Data(alerts.protobufBytes), as: .vehicles) else {
            Issue.record("declared vehicles")
            return
        }
        #expect(throws: FeedDecoder.Failure.self) { try FeedDecoder.decode(Data(alerts.protobufBytes), as: .siri) }
    }
}
