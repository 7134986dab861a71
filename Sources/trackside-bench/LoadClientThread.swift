import CLinux
import Foundation
import Glibc
import Synchronization

/// A thread driving many `LoadClient`s over non-blocking sockets with its own epoll set:
/// the compiled load generator of `trackside-bench push`. It ramps connections up in
/// batches (so the server's accept backlog never overflows), each from its `LoadConnection`'s
/// source address to its port, and records, inside the measurement window, every message's wire
/// size and tick-to-socket latency.
final class LoadClientThread: @unchecked Sendable {
    // @unchecked: everything but `figures` and `opened` is touched only by the thread itself.
    /// What one thread measured.
    struct Figures {
        var messages = 0
        var wireBytes = 0
        /// Latencies in whole milliseconds.
        var latencies: [Int] = []
        /// The first snapshot's wire size, by the client's index in `subscriptions`.
        var snapshotWireBytes: [Int: Int] = [:]
        var failures = 0
    }

    let figures = Mutex(Figures())
    /// Connections whose first snapshot arrived.
    let subscribed = Atomic<Int>(0)
    /// Connections whose server accepted permessage-deflate.
    let compressing = Atomic<Int>(0)
    private let connections: [LoadConnection]
    private var clients: [Int32: LoadClient] = [:]
    private let epoll: Int32
    private let window: LoadWindow
    private var snapshotSeen = Set<Int32>()
    private var indexByFD: [Int32: Int] = [:]
    private let echoes: Bool
    /// The messages of one read, reused.
    private var received: [LoadClient.Received] = []

    /// `echoes`: every client answers each message it receives (see `LoadClient`).
    init(connections: [LoadConnection], window: LoadWindow, echoes: Bool = false) {
        self.echoes = echoes
        self.connections = connections
        self.window = window
        epoll = epoll_create1(0)
    }

    /// Clients that all connect to `port` from the default source address.
    convenience init(port: UInt16, subscriptions: [String], window: LoadWindow, echoes: Bool = false) {
        self.init(connections: subscriptions.map { LoadConnection(subscribe: $0, port: port) }, window: window, echoes: echoes)
    }

    deinit { close(epoll) }

    /// Runs until `window` ends; returns when every socket is closed.
    func run() {
        var pending = connections.indices[...]
        var events = [epoll_event](repeating: epoll_event(), count: 512)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !window.isOver {
            for index in pending.prefix(100) { open(index) }
            pending = pending.dropFirst(100)
            let count = epoll_wait(epoll, &events, Int32(events.count), 20)
            for index in 0..<max(0, Int(count)) {
                let fd = events[index].data.fd
                if events[index].events & EPOLLOUT.rawValue != 0, clients[fd]?.phase == .connecting {
                    connected(fd)
                }
                if events[index].events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                    readable(fd, &buffer)
                }
            }
        }
        sayGoodbye(&events, &buffer)
    }

    private func open(_ index: Int) {
        let plan = connections[index]
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return fail() }
        guard plan.bindSource(fd) else {
            close(fd)
            return fail()
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = plan.port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 || errno == EINPROGRESS else {
            close(fd)
            return fail()
        }
        clients[fd] = LoadClient(host: "127.0.0.1:\(plan.port)", subscribe: plan.subscribe, echoes: echoes)
        indexByFD[fd] = index
        var event = epoll_event()
        event.events = EPOLLOUT.rawValue | EPOLLIN.rawValue
        event.data.fd = fd
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    private func connected(_ fd: Int32) {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0, var client = clients[fd] else { return drop(fd) }
        send(fd, client.handshake())
        clients[fd] = client
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fd
        epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &event)
    }

    private func readable(_ fd: Int32, _ buffer: inout [UInt8]) {
        guard clients[fd] != nil else { return }
        received.removeAll(keepingCapacity: true)
        var reply: [UInt8] = []
        var ended = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                // In place in the dictionary: a copy of the client would copy its buffers.
                reply += buffer.withUnsafeBytes { clients[fd]!.receive(UnsafeRawBufferPointer(rebasing: $0[..<count]), into: &received) }
                // A short read drained the socket: no second read just to see EAGAIN (the
                // epoll set is level-triggered, so bytes arriving meanwhile are reported again).
                // Half the load generator's system calls, and its CPU shares the cores with
                // the server under test.
                if count < buffer.count { break }
                continue
            }
            ended = count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            break
        }
        if !reply.isEmpty { send(fd, reply) }
        record(fd, received)
        if ended || clients[fd]?.phase == .closed { drop(fd) }
    }

    /// Closes every connection with 1000 "load done" and reads until the server closes it too
    /// (at most 2 s), so that the servers' close reports tell the end of the run from
    /// connections lost during it, and no unread echo turns a close into a reset.
    private func sayGoodbye(_ events: inout [epoll_event], _ buffer: inout [UInt8]) {
        let goodbye = LoadClient.maskedFrame(opcode: 8, payload: [0x03, 0xE8] + Array("load done".utf8))
        for fd in clients.keys { send(fd, goodbye) }
        let deadline = LoadWindow.wallMilliseconds() + 2000
        while !clients.isEmpty, LoadWindow.wallMilliseconds() < deadline {
            let count = epoll_wait(epoll, &events, Int32(events.count), 20)
            for index in 0..<max(0, Int(count)) {
                let fd = events[index].data.fd
                while true {
                    let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if got > 0 { continue }
                    if got == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                        clients[fd] = nil
                        close(fd)
                    }
                    break
                }
            }
        }
        for fd in clients.keys { close(fd) }
        clients.removeAll()
    }

    private func record(_ fd: Int32, _ received: [LoadClient.Received]) {
        guard !received.isEmpty else { return }
        let now = LoadWindow.wallMilliseconds()
        var firstSnapshot: Int?
        for message in received where message.isSnapshot && snapshotSeen.insert(fd).inserted {
            subscribed.add(1, ordering: .relaxed)
            if clients[fd]?.isCompressing == true { compressing.add(1, ordering: .relaxed) }
            firstSnapshot = message.wireBytes
        }
        let measuring = window.isMeasuring
        figures.withLock { figures in
            if let firstSnapshot, let index = indexByFD[fd] { figures.snapshotWireBytes[index] = firstSnapshot }
            guard measuring else { return }
            for message in received {
                figures.messages += 1
                figures.wireBytes += message.wireBytes
                if let timestamp = message.timestamp { figures.latencies.append(Int(max(0, now - timestamp))) }
            }
        }
    }

    private func send(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else { return }
            offset += written
        }
    }

    private func drop(_ fd: Int32) {
        clients[fd] = nil
        close(fd)
        fail()
    }

    private func fail() {
        figures.withLock { $0.failures += 1 }
    }
}

/// When the load runs and when it is measured, shared by the client threads.
final class LoadWindow: Sendable {
    private let measureFrom = Atomic<Int64>(.max)
    private let measureUntil = Atomic<Int64>(.max)

    /// Measures from now for `seconds`, then ends the run.
    func measure(for seconds: Double) {
        let now = Self.wallMilliseconds()
        measureUntil.store(now + Int64(seconds * 1000), ordering: .relaxed)
        measureFrom.store(now, ordering: .relaxed)
    }

    var isMeasuring: Bool {
        let now = Self.wallMilliseconds()
        return now >= measureFrom.load(ordering: .relaxed) && now < measureUntil.load(ordering: .relaxed)
    }

    var isOver: Bool { Self.wallMilliseconds() >= measureUntil.load(ordering: .relaxed) }

    /// Wall-clock milliseconds, the clock of the server's `ts`.
    static func wallMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
