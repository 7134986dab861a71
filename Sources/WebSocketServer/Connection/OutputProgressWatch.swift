/// The rule that tells a peer that is not reading from one that reads slowly, as a value: output
/// waits for the peer, and a window of `window` runs; at its end the peer has taken some of it
/// (its TCP stack acknowledged a byte, `TransportSample.hasDelivered`) and another window runs,
/// or it took none and is stalled. Draining ends the watch.
///
/// The rule is progress, not draining, so a peer reading a large response or a continuous
/// broadcast slowly is never cut off, while one that stopped reading holds its connection for
/// one window at most. HTTP responses (`ServerConfiguration.writeTimeout`) and WebSocket output
/// (`WebSocketConfiguration.outputStallTimeout`) both use it; the shells own the timers.
struct OutputProgressWatch: Equatable {
    /// What the end of a window found.
    enum Verdict: Equatable {
        /// No output waits any more (or no window was running): nothing to do.
        case drained
        /// The peer took output during the window: another window has started.
        case progressing
        /// Not one byte was taken during the whole window: the peer is not reading.
        case stalled
    }

    /// How long a window lasts.
    let window: Duration
    /// The transport when the running window began; nil when none runs.
    private(set) var windowStart: TransportSample?

    init(window: Duration) {
        self.window = window
    }

    /// Whether a window is running (a timer for `window` is armed).
    var isWatching: Bool { windowStart != nil }

    /// Output waits for the peer. Returns true when this starts a window, so the caller arms a
    /// timer for `window`; false when one is already running.
    mutating func outputWaiting(_ sample: TransportSample) -> Bool {
        guard windowStart == nil else { return false }
        windowStart = sample
        return true
    }

    /// The output drained: the window is void (the caller cancels its timer).
    mutating func drained() {
        windowStart = nil
    }

    /// The window's timer fired with the transport at `sample`; `outputWaiting` says whether
    /// output still waits. On `.progressing` the caller arms the timer again.
    mutating func windowEnded(_ sample: TransportSample, outputWaiting: Bool) -> Verdict {
        guard let start = windowStart else { return .drained }
        windowStart = nil
        guard outputWaiting else { return .drained }
        guard sample.hasDelivered(since: start) else { return .stalled }
        windowStart = sample
        return .progressing
    }
}
