import Testing
@testable import WebSocketServer

/// The write-progress rule on samples alone: a peer that takes nothing for a window is stalled,
/// one that takes anything gets another window, drained output ends the watch.
@Suite struct OutputProgressWatchTests {
    private func sample(acknowledged: UInt64, inFlight: Int = 1 << 20) -> TransportSample {
        TransportSample(bytesAcknowledged: acknowledged, bytesInFlight: inFlight, unreadInputBytes: 0)
    }

    @Test func aPeerThatTakesNothingForAWindowIsStalled() {
        var watch = OutputProgressWatch(window: .seconds(30))
        let started = watch.outputWaiting(sample(acknowledged: 100))
        let verdict = watch.windowEnded(sample(acknowledged: 100), outputWaiting: true)
        #expect(started && verdict == .stalled && !watch.isWatching)
    }

    @Test func aSlowReaderGetsWindowAfterWindow() {
        var watch = OutputProgressWatch(window: .seconds(30))
        _ = watch.outputWaiting(sample(acknowledged: 100))
        let first = watch.windowEnded(sample(acknowledged: 101), outputWaiting: true)
        #expect(first == .progressing && watch.isWatching)
        // The next window is measured from where the last one ended, not from the start.
        let second = watch.windowEnded(sample(acknowledged: 101), outputWaiting: true)
        #expect(second == .stalled)
    }

    @Test func oneWindowAtATimeAndDrainingEndsIt() {
        var watch = OutputProgressWatch(window: .seconds(30))
        let first = watch.outputWaiting(sample(acknowledged: 0))
        let again = watch.outputWaiting(sample(acknowledged: 50))
        #expect(first && !again, "a running window is not restarted")
        let emptied = watch.windowEnded(sample(acknowledged: 0), outputWaiting: false)
        #expect(emptied == .drained)
        _ = watch.outputWaiting(sample(acknowledged: 0))
        watch.drained()
        let cancelled = watch.windowEnded(sample(acknowledged: 0), outputWaiting: true)
        #expect(cancelled == .drained, "a cancelled window decides nothing")
    }
}
