import Glibc
import HostResolution

/// A non-blocking TCP socket driven with `poll` against a deadline: the imperative shell under `RedisConnection`.
/// Every wait has a deadline, so no call here blocks forever.
final class RedisSocket {
    private var fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    deinit { close() }

    /// Connects to `host:port` (every resolved address in turn) before `deadline`, with `TCP_NODELAY` and keepalive.
    static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) throws(RedisError) -> RedisSocket {
        let addresses: [ResolvedAddress]
        do {
            addresses = try ResolvedAddress.resolve(host: host, port: port)
        } catch {
            throw .connect("cannot resolve \(host): \(error.reason)")
        }
        var reasons: [String] = []
        for address in addresses {
            let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                                | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { reasons.append(describe("socket", errno)); continue }
            let socket = RedisSocket(fd: fd)
            if address.withSocketAddress({ Glibc.connect(fd, $0, $1) }) != 0 {
                guard errno == EINPROGRESS else { reasons.append(describe("connect", errno)); continue }
                do {
                    try socket.wait(for: Int16(POLLOUT), until: deadline)
                } catch {
                    reasons.append("connect timed out")
                    continue
                }
                var code: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
                guard code == 0 else { reasons.append(describe("connect", code)); continue }
            }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
            return socket
        }
        throw .connect("\(host):\(port): " + reasons.joined(separator: "; "))
    }

    /// Writes `output` while handing whatever arrives to `receive`, until `receive` says it has all it wants.
    /// Reading while writing keeps a long pipeline from deadlocking against a server whose replies fill its buffers.
    func exchange(_ output: [UInt8], until deadline: ContinuousClock.Instant,
                  receive: (ArraySlice<UInt8>) throws(RedisError) -> Bool) throws(RedisError) {
        guard fd >= 0 else { throw .closed("connection closed") }
        var written = 0
        var input = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let events = Int16(POLLIN) | (written < output.count ? Int16(POLLOUT) : 0)
            let ready = try wait(for: events, until: deadline)
            if ready & (Int16(POLLOUT) | Int16(POLLERR) | Int16(POLLHUP)) != 0, written < output.count {
                let sent = output.withUnsafeBytes {
                    send(fd, $0.baseAddress! + written, output.count - written, Int32(MSG_NOSIGNAL))
                }
                if sent > 0 {
                    written += sent
                } else if errno != EAGAIN, errno != EINTR {
                    throw .closed(Self.describe("send", errno))
                }
            }
            if ready & (Int16(POLLIN) | Int16(POLLERR) | Int16(POLLHUP)) != 0 {
                let count = input.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count == 0 { throw .closed("the server closed the connection") }
                if count < 0 {
                    guard errno == EAGAIN || errno == EINTR else { throw .closed(Self.describe("recv", errno)) }
                    continue
                }
                if try receive(input[0..<count]), written == output.count { return }
            }
        }
    }

    /// Waits for any of `events`; returns the events that happened.
    @discardableResult
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant) throws(RedisError) -> Int16 {
        while true {
            let remaining = deadline - .now
            guard remaining > .zero else { throw .timedOut }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let count = poll(&descriptor, 1, milliseconds)
            if count > 0 { return descriptor.revents }
            if count < 0, errno != EINTR { throw .closed(Self.describe("poll", errno)) }
        }
    }

    /// Closes the socket (idempotent).
    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    var isOpen: Bool { fd >= 0 }

    private static func describe(_ call: String, _ code: Int32) -> String {
        "\(call): \(String(cString: strerror(code)))"
    }
}
