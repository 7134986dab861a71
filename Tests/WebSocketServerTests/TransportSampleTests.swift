import Testing
@testable import WebSocketServer

/// The liveness rules on byte counters alone: a slow reader is told from a gone one.
@Suite struct TransportSampleTests {
    private func sample(acknowledged: UInt64, inFlight: Int, unread: Int = 0) -> TransportSample {
        TransportSample(bytesAcknowledged: acknowledged, bytesInFlight: inFlight, unreadInputBytes: unread)
    }

    @Test func theStallRuleLooksForBytesTakenNotForAnEmptyQueue() {
        let start = sample(acknowledged: 4_000, inFlight: 1 << 20)
        // A slow reader: as much in flight as before, but it took 3 more bytes.
        #expect(sample(acknowledged: 4_003, inFlight: 1 << 20).hasDelivered(since: start))
        // A client that reads nothing: its TCP stack acknowledges nothing more.
        #expect(!sample(acknowledged: 4_000, inFlight: 1 << 20).hasDelivered(since: start))
        #expect(!start.hasDelivered(since: start))
    }

    @Test func acknowledgementsOfFlowingOutputShowThePeerAlive() {
        let atPing = sample(acknowledged: 20_000, inFlight: 300_000)
        // Still taking the backlog ahead of the ping.
        #expect(sample(acknowledged: 30_000, inFlight: 290_000).showsPeerAlive(since: atPing))
        // A dead peer acknowledges nothing, whatever is queued.
        #expect(!sample(acknowledged: 20_000, inFlight: 300_000).showsPeerAlive(since: atPing))
    }

    @Test func anIdlePeerMustStillAnswerThePing() {
        // Only the ping was in flight; its acknowledgement proves the kernel, not the client.
        let atPing = sample(acknowledged: 994, inFlight: 6)
        #expect(!sample(acknowledged: 1_000, inFlight: 0).showsPeerAlive(since: atPing))
    }

    @Test func bytesWaitingUnreadShowThePeerAlive() {
        let atPing = sample(acknowledged: 1_000, inFlight: 0)
        #expect(sample(acknowledged: 1_000, inFlight: 0, unread: 6).showsPeerAlive(since: atPing))
    }
}
