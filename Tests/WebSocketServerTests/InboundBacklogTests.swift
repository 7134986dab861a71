import Testing
@testable import WebSocketServer

/// The read-pause policy without a socket: pause at either limit, resume at half of both.
@Suite struct InboundBacklogTests {
    /// `handled` outside `#expect`, which cannot take a mutating call.
    func handled(_ backlog: inout InboundBacklog, messages: Int, bytes: Int) -> Bool {
        backlog.handled(messages: messages, bytes: bytes)
    }

    @Test func pausesAtTheMessageLimitAndResumesAtHalf() {
        var backlog = InboundBacklog(limit: .init(messages: 4, bytes: 1000))
        for _ in 0..<3 { backlog.received(bytes: 10) }
        #expect(!backlog.isPaused)
        backlog.received(bytes: 10)
        #expect(backlog.isPaused && backlog.messages == 4 && backlog.bytes == 40)
        // One handled is not enough (3 > 4 / 2); two more are.
        #expect(handled(&backlog, messages: 1, bytes: 10) == false)
        #expect(backlog.isPaused)
        #expect(handled(&backlog, messages: 1, bytes: 10) == true)
        #expect(!backlog.isPaused && backlog.messages == 2)
        // Resuming is reported once.
        #expect(handled(&backlog, messages: 2, bytes: 20) == false)
    }

    @Test func pausesAtTheByteLimitWhateverTheCount() {
        var backlog = InboundBacklog(limit: .init(messages: 100, bytes: 1000))
        backlog.received(bytes: 999)
        #expect(!backlog.isPaused)
        backlog.received(bytes: 1)
        #expect(backlog.isPaused)
        // Messages are few but bytes still over half: paused.
        #expect(handled(&backlog, messages: 1, bytes: 1) == false)
        #expect(handled(&backlog, messages: 1, bytes: 999) == true)
        #expect(backlog.messages == 0 && backlog.bytes == 0)
    }

    @Test func overReportingNeverGoesNegative() {
        var backlog = InboundBacklog(limit: .init(messages: 1, bytes: 10))
        backlog.received(bytes: 5)
        #expect(backlog.isPaused)
        #expect(handled(&backlog, messages: 3, bytes: 50) == true)
        #expect(backlog.messages == 0 && backlog.bytes == 0 && !backlog.isPaused)
    }
}
