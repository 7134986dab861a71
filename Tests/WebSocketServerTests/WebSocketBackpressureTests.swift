import Testing
@testable import WebSocketServer

/// The backpressure policy as a value: queue sizes and transport samples in, decisions out.
@Suite struct WebSocketBackpressureTests {
    private func policy(bound: Int = 1_000, queueLimit: Int = .max) -> WebSocketBackpressure {
        WebSocketBackpressure(maximumPendingOutput: bound, queueLimit: queueLimit, stallTimeout: .seconds(10))
    }

    private func sample(acknowledged: UInt64, inFlight: Int = 5_000, unread: Int = 0) -> TransportSample {
        TransportSample(bytesAcknowledged: acknowledged, bytesInFlight: inFlight, unreadInputBytes: unread)
    }

    @Test func theSmallerOfTheTwoBoundsApplies() {
        #expect(policy(bound: 1_000, queueLimit: 600).bound == 600)
        #expect(policy(bound: 1_000, queueLimit: 4_000).bound == 1_000)
    }

    @Test func anEmptyQueueTakesAnyFrameAndAFullOneDropsBroadcasts() {
        let backpressure = policy()
        #expect(backpressure.admit(50_000, droppable: true, queuedBytes: 0) == .write, "one large message may go out")
        #expect(backpressure.admit(400, droppable: true, queuedBytes: 600) == .write)
        #expect(backpressure.admit(401, droppable: true, queuedBytes: 600) == .drop)
    }

    @Test func answersAreParkedInOrderAndPauseReading() {
        var backpressure = policy()
        #expect(backpressure.admit(401, droppable: false, queuedBytes: 600) == .park)
        backpressure.park([1])
        #expect(backpressure.pausesReading)
        // Behind a parked frame everything waits, even what would fit: order is kept.
        #expect(backpressure.admit(1, droppable: false, queuedBytes: 0) == .park)
        #expect(backpressure.admit(1, droppable: true, queuedBytes: 0) == .drop, "a broadcast never waits")
        backpressure.park([2, 2])
        #expect(backpressure.parkedBytes == 3)
        #expect(backpressure.nextParked(queuedBytes: 0) == [1])
        backpressure.parkedFrameWritten()
        #expect(backpressure.nextParked(queuedBytes: 999) == nil, "waits until it fits")
        #expect(backpressure.afterFlush == .stillParked)
        #expect(backpressure.nextParked(queuedBytes: 998) == [2, 2])
        backpressure.parkedFrameWritten()
        #expect(backpressure.afterFlush == .resumeReading && !backpressure.pausesReading)
    }

    @Test func theParkedListIsBoundedToo() {
        var backpressure = policy()
        backpressure.park(Array(repeating: 0, count: 900))
        #expect(backpressure.refused(100, droppable: false) == .park)
        #expect(backpressure.refused(101, droppable: false) == .drop)
    }

    @Test func aCloseWaitsForParkedFrames() {
        var nothingParked = policy()
        let closesNow = nothingParked.closeRequested()
        #expect(closesNow)
        var backpressure = policy()
        backpressure.park([1])
        let closesNowDespiteParked = backpressure.closeRequested()
        #expect(!closesNowDespiteParked)
        #expect(backpressure.nextParked(queuedBytes: 0) == [1])
        backpressure.parkedFrameWritten()
        #expect(backpressure.afterFlush == .close)
    }

    @Test func aClientThatTakesNothingForAStallTimeoutIsStalledOneThatReadsIsNot() {
        var backpressure = policy()
        let startsWindow = backpressure.outputBackedUp(sample(acknowledged: 10))
        #expect(startsWindow)
        let startsSecondWindow = backpressure.outputBackedUp(sample(acknowledged: 10))
        #expect(!startsSecondWindow, "one window at a time")
        let afterReading = backpressure.stallWindowEnded(sample(acknowledged: 11), queuedBytes: 900)
        #expect(afterReading == .progressing)
        let afterNothing = backpressure.stallWindowEnded(sample(acknowledged: 11), queuedBytes: 900)
        #expect(afterNothing == .stalled)

        var drained = policy()
        _ = drained.outputBackedUp(sample(acknowledged: 10))
        let afterDraining = drained.stallWindowEnded(sample(acknowledged: 10), queuedBytes: 0)
        #expect(afterDraining == .drained)
        _ = drained.outputBackedUp(sample(acknowledged: 10))
        drained.drained()
        let afterCancelling = drained.stallWindowEnded(sample(acknowledged: 10), queuedBytes: 900)
        #expect(afterCancelling == .drained)
    }

    @Test func anOverduePongIsExcusedOnlyWhileTheClientTakesABacklog() {
        var backpressure = policy()
        // The first firing sends the ping: nothing to compare with yet.
        let atPing = backpressure.keepaliveTimerFired(sample(acknowledged: 100), pongOverdue: false)
        #expect(!atPing)
        // Still taking output queued ahead of the ping.
        let takingBacklog = backpressure.keepaliveTimerFired(sample(acknowledged: 200), pongOverdue: true)
        #expect(takingBacklog)
        // Took nothing more: not excused.
        let takingNothing = backpressure.keepaliveTimerFired(sample(acknowledged: 200), pongOverdue: true)
        #expect(!takingNothing)
        // Its bytes wait unread here: the server is behind, not the client.
        let bytesUnread = backpressure.keepaliveTimerFired(sample(acknowledged: 200, unread: 10), pongOverdue: true)
        #expect(bytesUnread)
        // Nothing overdue: nothing to excuse.
        let notOverdue = backpressure.keepaliveTimerFired(sample(acknowledged: 900), pongOverdue: false)
        #expect(!notOverdue)
    }
}
