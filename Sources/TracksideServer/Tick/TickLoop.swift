import Foundation

/// Runs the tick on its own thread (never an event loop): at a fixed cadence, and at once
/// when `wake()` reports a feed update. Wake-ups during a tick coalesce into one more tick.
public final class TickLoop: @unchecked Sendable {
    // @unchecked: `pending`, `stopping` and `started` are only touched under `condition`.
    private let cadence: Double
    private let tick: @Sendable () -> Void
    private let condition = NSCondition()
    private var pending = false
    private var stopping = false
    private var started = false
    private let finished = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - cadence: seconds between ticks when no feed arrives (default 1).
    public init(cadence: Double = 1, tick: @escaping @Sendable () -> Void) {
        precondition(cadence > 0, "the tick cadence must be positive")
        self.cadence = cadence
        self.tick = tick
    }

    public func start() {
        condition.lock()
        started = true
        condition.unlock()
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "trackside-tick"
        thread.start()
    }

    /// Asks for a tick as soon as possible (a feed was updated).
    public func wake() {
        condition.lock()
        pending = true
        condition.signal()
        condition.unlock()
    }

    /// Stops after the tick in progress, if any, and waits for the thread to end.
    public func stop() {
        condition.lock()
        stopping = true
        let wasStarted = started
        condition.signal()
        condition.unlock()
        if wasStarted { finished.wait() }
    }

    private func run() {
        var next = Date()
        while true {
            condition.lock()
            while !stopping, !pending, Date() < next {
                _ = condition.wait(until: next)
            }
            let stop = stopping
            pending = false
            condition.unlock()
            if stop { return }
            tick()
            // Ticks keep to a fixed grid (one a second, not one a second plus the tick's own
            // time); a tick that overran skips the slots it missed instead of piling up.
            let now = Date()
            next = next.addingTimeInterval(cadence)
            if next <= now { next = now.addingTimeInterval(cadence) }
        }
    }
}
