import Glibc
import Synchronization

/// A fixed set of event loops, one thread each; by default one per core.
public final class EventLoopGroup: Sendable {
    /// The loops, in creation order.
    public let loops: [EventLoop]
    private let cursor = Atomic<Int>(0)

    /// Creates (without starting) `count` loops named `loop-0`, `loop-1`, …
    public init(count: Int) throws {
        guard count > 0 else { throw ServerError.invalidConfiguration("at least one event loop is needed") }
        loops = try (0..<count).map { try EventLoop(name: "loop-\($0)") }
    }

    /// The number of online processors: the default loop count.
    public static var defaultLoopCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Starts every loop's thread.
    public func start() {
        for loop in loops { loop.start() }
    }

    /// The next loop in round-robin order, for spreading work that has no loop of its own.
    public func next() -> EventLoop {
        loops[cursor.wrappingAdd(1, ordering: .relaxed).oldValue % loops.count]
    }

    /// Stops every loop (aborting the connections still open) and waits for their threads.
    public func stopAndWait() {
        for loop in loops { loop.stop() }
        for loop in loops { loop.waitUntilStopped() }
    }
}
