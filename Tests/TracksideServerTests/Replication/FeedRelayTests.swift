import Foundation
import Testing
@testable import TracksideServer

@Suite struct FeedRelayTests {
    static func payload(_ feed: String, _ byte: UInt8, round: Int = 0, content: FeedPayload.Content = .document) -> RelayedPayload {
        RelayedPayload(FeedPayload(feedID: feed, format: .gtfsRealtime, bytes: content == .document ? Data([byte]) : Data(),
                                   origin: "test", round: round, content: content),
                       feedTime: Double(byte), wallTime: Double(byte) + 0.5, staleAfter: 30 + Double(byte))
    }

    @Test func aTickTakesThePayloadsSinceThePreviousAndEveryFeedsLatestAcceptedDocument() {
        var relay = FeedRelay()
        let failed = Self.payload("ace", 3, content: .failed(FetchFailure(.timeout, "slow")))
        relay.received(Self.payload("ace", 1), accepted: true)
        relay.received(Self.payload("bdfm", 2), accepted: true)
        relay.received(failed, accepted: false)
        let first = relay.drain()
        #expect(first.payloads == [Self.payload("ace", 1), Self.payload("bdfm", 2), failed])
        #expect(first.documents == [Self.payload("ace", 1), Self.payload("bdfm", 2)])
        // A duplicate document is relayed but keeps the accepted one as the feed's document.
        relay.received(Self.payload("ace", 4), accepted: false)
        let second = relay.drain()
        #expect(second.payloads == [Self.payload("ace", 4)])
        #expect(second.documents == first.documents)
        #expect(relay.drain().payloads == [])
        // A new replay round forgets the documents of the previous one.
        relay.received(Self.payload("bdfm", 5, round: 1), accepted: true)
        #expect(relay.drain().documents == [Self.payload("bdfm", 5, round: 1)])
    }

    @Test func payloadsWaitingForATickAreBounded() {
        var relay = FeedRelay()
        for index in 0..<(FeedRelay.maximumPending + 10) { relay.received(Self.payload("ace", UInt8(index % 200)), accepted: false) }
        let batch = relay.drain()
        #expect(batch.payloads.count == FeedRelay.maximumPending)
        #expect(batch.payloads.last == Self.payload("ace", UInt8((FeedRelay.maximumPending + 9) % 200)))
    }

    @Test func anEdgeRebuildsFromTheDocumentsOnALoadOrANewTermsKeyframeAndOtherwiseIngestsThePayloads() {
        var edge = FeedRelay()
        let documents = [Self.payload("ace", 1)], payloads = [Self.payload("bdfm", 2)]
        func entry(term: UInt64, keyframe: Bool) -> PublishedTick {
            PublishedTick(epoch: "e", seq: 1, term: term, tickTime: 1, feedTime: 1, isKeyframe: keyframe, vehicles: [],
                          payloads: payloads, documents: keyframe ? documents : [])
        }
        #expect(edge.toIngest(entry(term: 1, keyframe: true), step: .load) == documents + payloads)
        #expect(edge.staleAfter("ace") == 31 && edge.staleAfter("bdfm") == 32 && edge.staleAfter("jz") == nil)
        #expect(edge.toIngest(entry(term: 1, keyframe: false), step: .apply) == payloads)
        #expect(edge.toIngest(entry(term: 1, keyframe: true), step: .apply) == payloads)
        #expect(edge.toIngest(entry(term: 2, keyframe: true), step: .apply) == documents + payloads)
    }

    @Test func aKeyframeCarriesTheDocumentsAndADeltaOnlyThePayloads() {
        let hub = PushHub(configuration: PushHub.Configuration(epoch: "e", source: "test"))
        var publisher = StreamPublisher(term: 3, keyframeInterval: 2)
        let batch = FeedRelay.Batch(payloads: [Self.payload("bdfm", 2)], documents: [Self.payload("ace", 1)])
        let keyframe = publisher.entry(after: hub, diff: VehicleDiff(), alerts: [], alertsStale: false, feedStatus: [],
                                       relayed: batch)
        let delta = publisher.entry(after: hub, diff: VehicleDiff(), alerts: [], alertsStale: false, feedStatus: [],
                                    relayed: batch)
        #expect(keyframe.isKeyframe && keyframe.documents == batch.documents && keyframe.payloads == batch.payloads)
        #expect(!delta.isKeyframe && delta.documents == [] && delta.payloads == batch.payloads)
    }
}
