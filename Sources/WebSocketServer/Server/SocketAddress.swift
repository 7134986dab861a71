import CLinux
import Glibc

/// Socket address helpers: resolving `--host`, and printing addresses as `host:port`.
enum SocketAddress {
    /// Resolves `host` (a numeric address or a name such as `localhost`) for a passive TCP socket.
    static func resolve(host: String, port: Int) throws -> (family: Int32, address: [UInt8]) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let first = result else {
            throw ServerError.cannotResolve(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(result) }
        let bytes = UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen))
        return (first.pointee.ai_family, Array(bytes))
    }

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
