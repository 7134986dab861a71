import Foundation
import Glibc
import Synchronization
import Testing
@testable import WebSocketServer

/// Waits (briefly) until `condition` holds; loop threads run concurrently with the test.
private func eventually(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(1_000)
    }
    return condition()
}

@Suite struct TimerQueueTests {
    @Test func firesByDeadlineThenInSchedulingOrder() {
        var queue = TimerQueue()
        var fired: [String] = []
        _ = queue.schedule(at: 30) { fired.append("c") }
        _ = queue.schedule(at: 10) { fired.append("a") }
        _ = queue.schedule(at: 10) { fired.append("b") }
        _ = queue.schedule(at: 50) { fired.append("late") }
        #expect(queue.nextDeadline() == 10)
        for action in queue.popDue(now: 30) { action() }
        #expect(fired == ["a", "b", "c"])
        #expect(queue.nextDeadline() == 50)
    }

    @Test func cancelledTimersNeverFire() {
        var queue = TimerQueue()
        var fired = 0
        let first = queue.schedule(at: 5) { fired += 1 }
        _ = queue.schedule(at: 6) { fired += 10 }
        queue.cancel(first)
        queue.cancel(first)
        #expect(queue.nextDeadline() == 6)
        for action in queue.popDue(now: 100) { action() }
        #expect(fired == 10)
        #expect(queue.count == 0)
        #expect(queue.nextDeadline() == nil)
    }

    @Test func cancelledSlotsAreCompactedAway() {
        var queue = TimerQueue()
        var fired: [UInt64] = []
        for round in 0..<10_000 {
            let deadline = UInt64(10_000 - round)
            let id = queue.schedule(at: deadline) { fired.append(deadline) }
            if round % 100 != 0 { queue.cancel(id) }
        }
        #expect(queue.count == 100)
        #expect(queue.slotCount < 2_000)
        for action in queue.popDue(now: .max) { action() }
        #expect(fired == stride(from: 100, through: 10_000, by: 100).map { UInt64($0) }.sorted())
    }

    @Test func manyTimersComeOutSorted() {
        var queue = TimerQueue()
        var fired: [UInt64] = []
        let deadlines = (0..<500).map { _ in UInt64.random(in: 0...10_000) }
        for deadline in deadlines { _ = queue.schedule(at: deadline) { fired.append(deadline) } }
        for action in queue.popDue(now: .max) { action() }
        #expect(fired == deadlines.sorted())
    }
}

@Suite struct EventLoopTests {
    @Test func executeRunsWorkOnTheLoopThreadInOrder() throws {
        let loop = try EventLoop(name: "test-loop")
        loop.start()
        defer { loop.stop(); loop.waitUntilStopped() }
        let seen = Mutex<[Int]>([])
        let onLoop = Atomic<Int>(0)
        for index in 0..<100 {
            loop.execute {
                if loop.inEventLoop { onLoop.add(1, ordering: .relaxed) }
                seen.withLock { $0.append(index) }
            }
        }
        #expect(eventually { seen.withLock { $0.count } == 100 })
        let order = seen.withLock { $0 }
        #expect(order == Array(0..<100))
        let countOnLoop = onLoop.load(ordering: .relaxed)
        #expect(countOnLoop == 100)
        #expect(!loop.inEventLoop)
    }

    @Test func timersFireAfterTheirDelayAndCancelledOnesDoNot() throws {
        let loop = try EventLoop(name: "test-loop")
        loop.start()
        defer { loop.stop(); loop.waitUntilStopped() }
        let fired = Mutex<[String]>([])
        let started = Date()
        loop.schedule(after: .milliseconds(80)) { fired.withLock { $0.append("slow") } }
        loop.schedule(after: .milliseconds(20)) { fired.withLock { $0.append("fast") } }
        let cancelled = loop.schedule(after: .milliseconds(40)) { fired.withLock { $0.append("cancelled") } }
        cancelled.cancel()
        #expect(eventually { fired.withLock { $0.count } == 2 })
        #expect(Date().timeIntervalSince(started) >= 0.08)
        usleep(60_000)
        let order = fired.withLock { $0 }
        #expect(order == ["fast", "slow"])
    }

    @Test func stopEndsTheThread() throws {
        let loop = try EventLoop(name: "test-loop")
        loop.start()
        loop.stop()
        loop.waitUntilStopped()
        let ran = Atomic<Bool>(false)
        loop.execute { ran.store(true, ordering: .relaxed) }
        usleep(20_000)
        let didRun = ran.load(ordering: .relaxed)
        #expect(!didRun)
    }

    @Test func groupNeedsAtLeastOneLoopAndRotates() throws {
        #expect(throws: ServerError.self) { try EventLoopGroup(count: 0) }
        let group = try EventLoopGroup(count: 3)
        let names = (0..<4).map { _ in group.next().name }
        #expect(names == ["loop-0", "loop-1", "loop-2", "loop-0"])
        #expect(EventLoopGroup.defaultLoopCount >= 1)
    }
}

@Suite struct OutputQueueTests {
    /// A connected pair of non-blocking stream sockets with small buffers.
    private func socketPair() -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var size: Int32 = 4096
        setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(4))
        setsockopt(fds[1], SOL_SOCKET, SO_RCVBUF, &size, socklen_t(4))
        return (fds[0], fds[1])
    }

    private func readAll(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return result }
            result += buffer[0..<count]
        }
    }

    @Test func boundIsAHighWaterMark() {
        var queue = OutputQueue(limit: 100)
        let tookLargeChunk = queue.append([UInt8](repeating: 1, count: 500))  // an empty queue takes any chunk
        let tookMore = queue.append([1])
        #expect(tookLargeChunk)
        #expect(!tookMore)
        #expect(queue.queuedBytes == 500)
        var small = OutputQueue(limit: 100)
        let accepted = [small.append([UInt8](repeating: 1, count: 60)), small.append([UInt8](repeating: 2, count: 40)),
                        small.append([3]), small.append([])]
        #expect(accepted == [true, true, false, true])
        #expect(small.queuedBytes == 100)
    }

    @Test func chunksQueuedTogetherAreBoundedByTheirTotal() {
        var queue = OutputQueue(limit: 100)
        let headAndLargeBody = queue.append(contentsOf: [[UInt8](repeating: 1, count: 20), [UInt8](repeating: 2, count: 500)])
        #expect(headAndLargeBody)
        #expect(queue.queuedBytes == 520)
        var partlyFull = OutputQueue(limit: 100)
        _ = partlyFull.append([UInt8](repeating: 1, count: 50))
        let overflowing = partlyFull.append(contentsOf: [[UInt8](repeating: 2, count: 30), [UInt8](repeating: 3, count: 30)])
        #expect(!overflowing)
        #expect(partlyFull.queuedBytes == 50)
    }

    @Test func partialWritesKeepOrderAcrossChunks() {
        let (writer, reader) = socketPair()
        defer { close(writer); close(reader) }
        var queue = OutputQueue(limit: 1 << 20)
        var expected: [UInt8] = []
        for index in 0..<200 {
            let chunk = [UInt8](repeating: UInt8(index % 251), count: 1000 + index)
            expected += chunk
            _ = queue.append(chunk)
        }
        var received: [UInt8] = []
        var rounds = 0
        while !queue.isEmpty && rounds < 10_000 {
            _ = queue.write(to: writer)
            received += readAll(reader)
            rounds += 1
        }
        received += readAll(reader)
        #expect(queue.isEmpty)
        #expect(received == expected)
        #expect(rounds > 1)
    }

    @Test func fullSocketReportsEAGAIN() {
        let (writer, reader) = socketPair()
        defer { close(writer); close(reader) }
        var queue = OutputQueue(limit: 1 << 24)
        _ = queue.append([UInt8](repeating: 7, count: 1 << 22))
        var result = 0
        repeat { result = queue.write(to: writer) } while result > 0
        #expect(result == -1)
        #expect(errno == EAGAIN)
        #expect(queue.queuedBytes > 0)
    }
}
