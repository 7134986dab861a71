import Foundation

/// The thread a feed source delivers from, with a sleep that `stop()` interrupts.
///
/// Every source (replay, demo, pollers) is a loop of "wait until the next time, produce a
/// payload, deliver it"; this is that loop's shell, so each source only says what it produces.
final class SourceThread: @unchecked Sendable {
    // @unchecked: `stopping`, `thread` and `finished` are only touched under `condition`.
    private let name: String
    private let condition = NSCondition()
    private var stopping = false
    private var thread: Thread?
    /// The body has returned.
    private var finished = false

    init(name: String) {
        self.name = name
    }

    /// Runs `body` on a new thread; `body` returns when done or when `sleep(until:)` says stop.
    func start(_ body: @escaping @Sendable (SourceThread) -> Void) {
        let thread = Thread { [self] in
            body(self)
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        condition.lock()
        self.thread = thread
        condition.unlock()
        thread.start()
    }

    /// Interrupts any sleep and waits for the body to return.
    func stop() {
        requestStop()
        while !join(timeout: 60) {}
    }

    /// Interrupts any sleep without waiting. A source that blocks elsewhere (a fetch) asks
    /// every thread first, then unblocks them until each has `join`ed.
    func requestStop() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
    }

    /// Waits up to `timeout` seconds for the body to return; true when it has (or never started).
    func join(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while thread != nil, !finished {
            if !condition.wait(until: deadline) { return finished }
        }
        return true
    }

    /// Whether `stop()` or `requestStop()` was called: work finished after it is not delivered.
    var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Waits until `wallTime` (seconds since the Unix epoch); false when stopped first.
    func sleep(until wallTime: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !stopping {
            if Date().timeIntervalSince1970 >= wallTime { return true }
            _ = condition.wait(until: Date(timeIntervalSince1970: wallTime))
        }
        return false
    }
}
