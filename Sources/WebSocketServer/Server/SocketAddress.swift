import CLinux
import Glibc

/// Socket address helpers: printing addresses as `host:port` (resolving `--host` is `ResolvedAddress`'s).
enum SocketAddress {
    /// The address and port of a `sockaddr_in`/`sockaddr_in6`, e.g. `127.0.0.1:8080` or `[::1]:8080`.
    static func describe(_ storage: UnsafeRawPointer) -> (host: String, port: Int) {
        let family = Int32(storage.load(as: sa_family_t.self))
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        if family == AF_INET6 {
            var address = storage.load(as: sockaddr_in6.self)
            inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count))
            return ("[" + string(text) + "]", Int(UInt16(bigEndian: address.sin6_port)))
        }
        var address = storage.load(as: sockaddr_in.self)
        inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
        return (string(text), Int(UInt16(bigEndian: address.sin_port)))
    }

    private static func string(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The local address a socket is bound to.
    static func local(of fd: Int32) -> (host: String, port: Int) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        return withUnsafePointer(to: &storage) { describe(UnsafeRawPointer($0)) }
    }
}
