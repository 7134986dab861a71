import Glibc

/// A TCP listener on 127.0.0.1 that never accepts and never answers: the kernel completes connections into its
/// backlog, so a client connects and then hears nothing. With `filled`, its backlog is full first, so a new
/// connection's handshake is never completed and `connect` itself hangs.
final class SilentListener {
    let port: Int
    private let fd: Int32
    private var fillers: [Int32] = []

    init(filled: Bool = false) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                precondition(bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0)
            }
        }
        precondition(listen(fd, filled ? 0 : 16) == 0)
        port = Int(UInt16(bigEndian: address.sin_port))
        var fillers: [Int32] = []
        defer { self.fillers = fillers }
        guard filled else { return }
        // A backlog of 0 holds one finished connection; the rest wait in SYN_SENT, retrying.
        for _ in 0..<4 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    _ = connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            fillers.append(filler)
        }
        usleep(50_000)
    }

    deinit {
        for filler in fillers { close(filler) }
        close(fd)
    }
}
