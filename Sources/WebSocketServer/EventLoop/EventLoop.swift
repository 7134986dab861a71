import CLinux
import Foundation
import Glibc
import Synchronization

/// One thread multiplexing sockets with epoll, plus timers and work handed over from other threads.
///
/// Everything registered with a loop (listeners, connections, their handlers) is touched only on
/// the loop's thread, so none of it needs locks. Other threads talk to the loop through
/// `execute(_:)`, which queues a closure and wakes the loop through an `eventfd`.
///
/// The epoll set is **level-triggered**: a connection reads at most one buffer per wake-up and is
/// reported again while data remains, so one fast sender cannot starve the others on the loop,
/// and a handler that pauses reading simply drops `EPOLLIN` from its interest set. Edge-triggered
/// mode would force every source to drain to `EAGAIN` on each wake-up to avoid lost events.
/// `EPOLLOUT` is only in the interest set while a connection has queued output.
public final class EventLoop: @unchecked Sendable {
    /// Work and wake-up state shared with other threads; the only state behind a lock.
    private struct Inbox {
        var work: [@Sendable () -> Void] = []
        var wakePending = false
        var stopRequested = false
    }

    /// A short name for logs and the thread, e.g. `loop-0`.
    public let name: String
    private let epollFD: Int32
    private let wakeFD: Int32
    private let inbox = Mutex(Inbox())
    private let threadID = Atomic<UInt>(0)
    private let finished = DispatchSemaphore(value: 0)

    // Loop-thread state.
    private var sources: [Int32: any EpollSource] = [:]
    private var timers = TimerQueue()
    /// The buffer every connection on this loop reads into; handlers see a slice of it.
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// The connections currently open on this loop.
    private(set) var connections: [ObjectIdentifier: Connection] = [:]

    /// Creates the loop's epoll set and wake-up eventfd; `start()` runs it on a new thread.
    public init(name: String) throws {
        self.name = name
        epollFD = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epollFD >= 0 else { throw SystemError("epoll_create1") }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            let error = SystemError("eventfd")
            Glibc.close(epollFD)
            throw error
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = wakeFD
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, wakeFD, &event) == 0 else {
            let error = SystemError("epoll_ctl")
            Glibc.close(wakeFD)
            Glibc.close(epollFD)
            throw error
        }
    }

    deinit {
        Glibc.close(wakeFD)
        Glibc.close(epollFD)
    }

    /// Whether the caller is running on this loop's thread.
    public var inEventLoop: Bool {
        threadID.load(ordering: .acquiring) == UInt(pthread_self())
    }

    /// Starts the loop on its own thread.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Asks the loop to finish its current iteration and exit; `waitUntilStopped()` joins it.
    public func stop() {
        inbox.withLock { $0.stopRequested = true }
        wake()
    }

    /// Blocks until the loop's thread has exited.
    public func waitUntilStopped() {
        finished.wait()
        finished.signal()
    }

    /// Runs `work` on the loop's thread, after the events being handled now. Safe from any thread.
    public func execute(_ work: @escaping @Sendable () -> Void) {
        let mustWake = inbox.withLock { inbox in
            inbox.work.append(work)
            defer { inbox.wakePending = true }
            return !inbox.wakePending
        }
        if mustWake { wake() }
    }

    /// Runs `action` on the loop's thread once `delay` has passed. Safe from any thread.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> TimerHandle {
        let deadline = MonotonicClock.now() &+ delay.clampedNanoseconds
        if inEventLoop {
            return TimerHandle(loop: self, id: timers.schedule(at: deadline, action))
        }
        // Reserve the id on the loop: timers are loop-owned, so the handle's id arrives later.
        let handle = PendingTimer()
        execute { [self] in
            guard !handle.isCancelled else { return }
            handle.loopID = timers.schedule(at: deadline, action)
        }
        return TimerHandle(loop: self, id: 0, pending: handle)
    }

    /// Runs `action` on the loop's thread once `delay` has passed; only callable on the loop,
    /// which lets the action capture loop-owned, non-`Sendable` state.
    func scheduleOnLoop(after delay: Duration, _ action: @escaping () -> Void) -> TimerHandle {
        precondition(inEventLoop, "scheduleOnLoop called off the loop")
        let deadline = MonotonicClock.now() &+ delay.clampedNanoseconds
        return TimerHandle(loop: self, id: timers.schedule(at: deadline, action))
    }

    func cancelTimer(_ handle: TimerHandle) {
        if inEventLoop {
            if let pending = handle.pending {
                pending.isCancelled = true
                if let id = pending.loopID { timers.cancel(id) }
            } else {
                timers.cancel(handle.id)
            }
        } else {
            execute { [self] in cancelTimer(handle) }
        }
    }

    // MARK: Registration (loop thread only)

    func register(_ fd: Int32, events: UInt32, source: any EpollSource) throws {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        guard epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) == 0 else { throw SystemError("epoll_ctl(ADD)") }
        sources[fd] = source
    }

    func modify(_ fd: Int32, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.fd = fd
        epoll_ctl(epollFD, EPOLL_CTL_MOD, fd, &event)
    }

    func deregister(_ fd: Int32) {
        epoll_ctl(epollFD, EPOLL_CTL_DEL, fd, nil)
        sources[fd] = nil
    }

    func track(_ connection: Connection) {
        connections[ObjectIdentifier(connection)] = connection
    }

    func untrack(_ connection: Connection) {
        connections[ObjectIdentifier(connection)] = nil
    }

    // MARK: The loop

    private func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    private func run() {
        threadID.store(UInt(pthread_self()), ordering: .releasing)
        let capacity = 256
        var events = [epoll_event](repeating: epoll_event(), count: capacity)
        while true {
            let timeout = millisecondsUntilNextTimer()
            let ready = events.withUnsafeMutableBufferPointer { buffer in
                epoll_wait(epollFD, buffer.baseAddress, Int32(capacity), timeout)
            }
            if ready < 0 && errno != EINTR {
                fatalError("epoll_wait on \(name): \(SystemError("epoll_wait"))")
            }
            for index in 0..<max(0, Int(ready)) {
                let fd = events[index].data.fd
                if fd == wakeFD {
                    var counter: UInt64 = 0
                    _ = Glibc.read(wakeFD, &counter, 8)
                } else {
                    // A source closed earlier in this batch is gone; its stale event is dropped.
                    sources[fd]?.handleEvents(events[index].events)
                }
            }
            for action in timers.popDue(now: MonotonicClock.now()) { action() }
            let (work, stopping) = inbox.withLock { inbox in
                defer {
                    inbox.work.removeAll(keepingCapacity: true)
                    inbox.wakePending = false
                }
                return (inbox.work, inbox.stopRequested)
            }
            for item in work { item() }
            if stopping { break }
        }
        for connection in connections.values { connection.terminate() }
        for fd in Array(sources.keys) { sources[fd] = nil; Glibc.close(fd) }
        finished.signal()
    }

    private func millisecondsUntilNextTimer() -> Int32 {
        guard let deadline = timers.nextDeadline() else { return -1 }
        let now = MonotonicClock.now()
        guard deadline > now else { return 0 }
        // Round up so a timer never fires early (epoll's timeout has millisecond resolution).
        let milliseconds = (deadline - now + 999_999) / 1_000_000
        return Int32(clamping: milliseconds)
    }
}

/// The id of a timer scheduled from another thread, filled in when the loop arms it.
final class PendingTimer: @unchecked Sendable {
    // Touched only on the loop's thread (set and read from closures the loop runs).
    var loopID: UInt64?
    var isCancelled = false
}
