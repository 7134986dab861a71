import CLinux
import Foundation
import TracksideCommandLine
import Glibc
import Synchronization
import WebSocketServer

/// `trackside-bench serve-floor`: a measuring instrument for the plain broadcast benchmark, not
/// a server to use. It answers the load generator's handshake and subscription like
/// `serve-broadcast`, then spends as little CPU as any server could on the broadcast: each
/// tick it builds one unmasked text frame and makes one non-blocking `send` of it per client,
/// from one thread per core (each with its own listener on the port, `SO_REUSEPORT`, so the
/// kernel spreads the clients), with nothing else per client (no state machine, no output queue, no
/// backpressure, no keepalive, no counters on the send path). Its CPU in the plain broadcast is
/// therefore the kernel's cost of the sends, plus a loop, on this machine: the floor under any
/// design with one TCP connection per client. The runner reports it beside ours and the peer's,
/// so the CPU ratio to the peer can be read against what the kernel alone costs.
///
/// A send that does not take the whole frame is counted, not retried (the frame is then cut
/// off on that connection): the report line says how many, and the runner flags a run with any.
struct KernelFloorServer: CLICommand {
    static let name = "serve-floor"
    static let summary = "benchmark instrument: one bare send per client per tick, the kernel's floor under the broadcast"
    static let usage = BroadcastBenchOptions.usage + """

          --threads N      sending threads (default: one per core)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let options = try BroadcastBenchOptions(&arguments)
        let threads = try arguments.value("threads", default: EventLoopGroup.defaultLoopCount) { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        guard try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument") }

        let payload = BroadcastPayload(size: options.size)
        let interval = options.hz > 0 ? 1 / options.hz : nil
        let counts = FloorCounts()
        let first = try FloorLoop(port: UInt16(options.port), payload: payload, counts: counts)
        for _ in 1..<threads {
            let loop = try FloorLoop(port: UInt16(first.port), payload: payload, counts: counts)
            Thread.detachNewThread { loop.run(interval: interval, reporting: false) }
        }
        FileHandle.standardOutput.write(Data("serve-floor: listening on \(first.port)\n".utf8))
        first.run(interval: interval, reporting: true)
    }
}

/// What every `FloorLoop` of the process counts, off the send path but for a short send.
private final class FloorCounts: Sendable {
    let open = Atomic<Int>(0)
    let shortSends = Atomic<Int>(0)
}

/// One thread's epoll loop behind `serve-floor`: its own listener, clients and ticks.
/// `@unchecked Sendable`: a loop is handed to its thread before it runs, then touched only there.
private final class FloorLoop: @unchecked Sendable {
    /// Where a client is: the floor reads only enough to tell these apart.
    private enum Client {
        /// The handshake request so far.
        case handshaking([UInt8])
        /// Upgraded; the first bytes read after that are the subscription.
        case upgraded
        /// Subscribed, at this index of `subscribers`.
        case subscribed(Int)
    }

    let port: Int
    private let listener: Int32
    private let epoll: Int32
    private let payload: BroadcastPayload
    private var clients: [Int32: Client] = [:]
    /// The descriptors a tick sends to, in a plain array: nothing but them on the send path.
    private var subscribers: [Int32] = []
    private let counts: FloorCounts
    private var lastReport = ""

    /// A listener on `port` (0: any), shared with the process's other loops.
    init(port: UInt16, payload: BroadcastPayload, counts: FloorCounts) throws {
        self.payload = payload
        self.counts = counts
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listener >= 0 else { throw FloorError("socket") }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(listener, SOL_SOCKET, SO_REUSEPORT, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 4096) == 0 else { throw FloorError("bind/listen") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        epoll = epoll_create1(0)
        guard epoll >= 0 else { throw FloorError("epoll_create1") }
        watch(listener)
    }

    /// Serves forever: ticks every `interval` seconds (never when nil), handles sockets in
    /// between; the `reporting` loop writes the process's figures once a second when they changed.
    func run(interval: Double?, reporting: Bool) -> Never {
        let period = interval ?? 1
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        var sequence = 0
        var next = Date().timeIntervalSince1970 + period
        var nextReport = next
        while true {
            let wait = max(0, next - Date().timeIntervalSince1970)
            let count = epoll_wait(epoll, &events, Int32(events.count), Int32((wait * 1000).rounded(.up)))
            for event in events.prefix(max(0, Int(count))) {
                let fd = event.data.fd
                if fd == listener { acceptAll() } else { readFrom(fd) }
            }
            guard Date().timeIntervalSince1970 >= next else { continue }
            if interval != nil {
                sequence += 1
                broadcast(sequence: sequence)
            }
            next += period
            if reporting, next >= nextReport {
                report()
                nextReport = next + 1
            }
        }
    }

    /// The whole tick: one frame, one `send` per subscriber.
    private func broadcast(sequence: Int) {
        let frame = WebSocketFrame.serverFrame(opcode: .text, payload: payload.message(sequence: sequence,
                                                                                     timestamp: LoadWindow.wallMilliseconds()))
        frame.withUnsafeBytes { bytes in
            for fd in subscribers where send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) != bytes.count {
                counts.shortSends.add(1, ordering: .relaxed)
            }
        }
    }

    private func acceptAll() {
        while true {
            let fd = accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue))
            guard fd >= 0 else { return }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            clients[fd] = .handshaking([])
            watch(fd)
        }
    }

    private func readFrom(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else {
            if count == 0 || (errno != EAGAIN && errno != EINTR) { drop(fd) }
            return
        }
        switch clients[fd] {
        case .handshaking(var request):
            request += buffer.prefix(count)
            guard let headEnd = Self.headEnd(of: request) else {
                if request.count > 8192 { drop(fd) } else { clients[fd] = .handshaking(request) }
                return
            }
            guard let key = Self.webSocketKey(in: request[..<headEnd]) else { return drop(fd) }
            let answer = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n\r\n"
            _ = send(fd, answer, answer.utf8.count, Int32(MSG_NOSIGNAL))
            clients[fd] = .upgraded
            // A client that sent its subscription with the request is subscribed now.
            if headEnd < request.count { subscribe(fd) }
        case .upgraded:
            subscribe(fd)
        case .subscribed:
            // After its subscription a client sends only its close (the first byte's opcode 8),
            // which is answered with 1000 before the socket closes.
            if buffer[0] & 0x0F == 8 {
                let close = WebSocketFrame.closeFrame(code: .normalClosure)
                _ = send(fd, close, close.count, Int32(MSG_NOSIGNAL))
                drop(fd)
            }
        case nil:
            break
        }
    }

    /// Answers the subscription with the snapshot and adds `fd` to the ticks' sends.
    private func subscribe(_ fd: Int32) {
        let snapshot = WebSocketFrame.serverFrame(opcode: .text, payload: Array(payload.snapshot(timestamp: LoadWindow.wallMilliseconds()).utf8))
        _ = send(fd, snapshot, snapshot.count, Int32(MSG_NOSIGNAL))
        clients[fd] = .subscribed(subscribers.count)
        subscribers.append(fd)
        counts.open.add(1, ordering: .relaxed)
    }

    private func drop(_ fd: Int32) {
        if case .subscribed(let index) = clients[fd] {
            counts.open.subtract(1, ordering: .relaxed)
            let last = subscribers.removeLast()
            if index < subscribers.count {
                subscribers[index] = last
                clients[last] = .subscribed(index)
            }
        }
        clients[fd] = nil
        close(fd)
    }

    private func watch(_ fd: Int32) {
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: fd))
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    private func report() {
        let line = "serve-floor: websocket_open=\(counts.open.load(ordering: .relaxed)) "
            + "short_sends=\(counts.shortSends.load(ordering: .relaxed)) closes: not tracked\n"
        guard line != lastReport else { return }
        lastReport = line
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Where the request's head ends (after its blank line), or nil while it is incomplete.
    private static func headEnd(of request: [UInt8]) -> Int? {
        let blankLine: [UInt8] = [13, 10, 13, 10]
        guard request.count >= 4 else { return nil }
        return (0...(request.count - 4)).first { request[$0..<($0 + 4)].elementsEqual(blankLine) }.map { $0 + 4 }
    }

    /// The request head's `Sec-WebSocket-Key`, or nil when it has none.
    private static func webSocketKey(in head: ArraySlice<UInt8>) -> String? {
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "sec-websocket-key" {
                let key = parts[1].trimmingCharacters(in: .whitespaces)
                return key.isEmpty ? nil : key
            }
        }
        return nil
    }
}

/// A system call of `serve-floor` failed.
private struct FloorError: Error, CustomStringConvertible {
    let description: String

    init(_ call: String) {
        description = "\(call) failed: \(String(cString: strerror(errno)))"
    }
}
