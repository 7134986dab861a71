import CLinux
import Glibc

/// The server's one listening socket, watched by one event loop, which deals the accepted
/// sockets out to every loop (`HTTPServer`).
///
/// The socket is bound without `SO_REUSEPORT`, so the bind itself is the check that no other
/// process holds the port: the kernel refuses it (`EADDRINUSE`) whether the holder used
/// `SO_REUSEPORT` or not, and any later process is refused by ours. Per-loop `SO_REUSEPORT`
/// listeners cannot give that guarantee: any process of the same user could join the group and
/// take a share of the connections, and a test bind before joining leaves a window between the
/// test and the join. `SO_REUSEADDR` stays, so a restart is not refused by its predecessor's
/// connections in TIME_WAIT.
final class Listener {
    let fd: Int32
    private let loop: EventLoop
    private let accept: (Int32, String) -> Void
    private let logger: Logger
    private var isPausedForBackoff = false
    /// Accepting has failed since the last connection accepted (one warning per such run).
    private var isFailing = false
    private var isClosed = false

    /// How long accepting pauses when the process or system is out of file descriptors.
    static let backoff: Duration = .milliseconds(100)

    /// Binds a non-blocking listening socket to `address` (a raw `sockaddr`).
    static func bind(family: Int32, address: [UInt8], backlog: Int32) throws -> Int32 {
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket(SystemError("socket")) }
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withUnsafeBytes { raw in
            Glibc.bind(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard bound == 0 else {
            let error = SystemError("bind")
            Glibc.close(fd)
            throw error.code == EADDRINUSE ? ServerError.addressInUse : ServerError.socket(error)
        }
        guard listen(fd, backlog) == 0 else {
            let error = SystemError("listen")
            Glibc.close(fd)
            throw ServerError.socket(error)
        }
        return fd
    }

    /// Registers the bound socket `fd` with `loop`; `accept` receives each new socket and peer
    /// address. `logger` hears when accepting starts failing (out of descriptors) and recovers.
    init(fd: Int32, loop: EventLoop, logger: Logger, accept: @escaping (Int32, String) -> Void) throws {
        self.fd = fd
        self.loop = loop
        self.logger = logger
        self.accept = accept
        try loop.register(fd, events: EPOLLIN.rawValue, source: self)
    }

    /// Stops accepting and closes the socket.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        loop.deregister(fd)
        Glibc.close(fd)
    }
}

extension Listener: EpollSource {
    func handleEvents(_ events: UInt32) {
        // Bounded per wake-up so a connection storm does not starve established connections.
        for _ in 0..<64 {
            guard !isClosed, !isPausedForBackoff else { return }
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept4(fd, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
            if client >= 0 {
                var on: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
                let peer = withUnsafePointer(to: &storage) { SocketAddress.describe(UnsafeRawPointer($0)) }
                if isFailing {
                    isFailing = false
                    logger.info("\(loop.name): accepting connections again")
                }
                accept(client, "\(peer.host):\(peer.port)")
                continue
            }
            switch errno {
            case EAGAIN, EWOULDBLOCK:
                return
            case EINTR, ECONNABORTED, EPROTO:
                continue
            default:
                // EMFILE, ENFILE, ENOBUFS, ENOMEM and anything unexpected: level-triggered epoll
                // would report the pending connection again at once, so stop watching the socket
                // for a moment instead of spinning until a descriptor frees up.
                let error = SystemError("accept")
                if !isFailing {
                    isFailing = true
                    logger.warning("\(loop.name): \(error); pausing accepts for \(Listener.backoff) at a time until one succeeds")
                }
                pauseForBackoff()
                return
            }
        }
    }

    private func pauseForBackoff() {
        isPausedForBackoff = true
        loop.modify(fd, events: 0)
        _ = loop.scheduleOnLoop(after: Listener.backoff) { [weak self] in
            guard let self, !self.isClosed else { return }
            self.isPausedForBackoff = false
            self.loop.modify(self.fd, events: EPOLLIN.rawValue)
        }
    }
}
