import Foundation
import Glibc

/// One load client's plan: what it subscribes with, the server port it connects to on
/// 127.0.0.1, and the loopback address it connects from (nil: the kernel's choice, 127.0.0.1).
struct LoadConnection {
    var subscribe: String
    var port: UInt16
    var source: String?

    init(subscribe: String, port: UInt16, source: String? = nil) {
        self.subscribe = subscribe
        self.port = port
        self.source = source
    }

    /// Binds `fd` to the source address, its port left to `connect` (`IP_BIND_ADDRESS_NO_PORT`,
    /// so the kernel needs a port free only for this destination, not for every one). True when
    /// there is nothing to bind.
    func bindSource(_ fd: Int32) -> Bool {
        guard let source else { return true }
        var noPort: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_IP), Self.bindAddressNoPort, &noPort, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(source)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// `IP_BIND_ADDRESS_NO_PORT` from <linux/in.h>, which Glibc does not export.
    private static let bindAddressNoPort: Int32 = 24
}

/// The loopback source addresses a load of many connections is spread over. One address gives
/// at most the ephemeral port range's worth of connections to one server port (28,232 with
/// Linux's default 32768–60999), so past that (less a margin for sockets in TIME_WAIT and
/// other programs) the clients are dealt round-robin to 127.0.0.2, 127.0.0.3, … — every
/// 127.0.0.0/8 address is the loopback on Linux, with nothing to configure.
enum LoadSources {
    /// Connections one source address is given at most.
    static var perAddress: Int {
        let range = ephemeralPorts
        return max(1_000, range.count - 4_000)
    }

    /// The ports the kernel picks from (`/proc/sys/net/ipv4/ip_local_port_range`).
    static var ephemeralPorts: ClosedRange<Int> {
        let bounds = ((try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? "")
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return bounds.count == 2 && bounds[0] <= bounds[1] ? bounds[0]...bounds[1] : 32768...60999
    }

    /// The source addresses for `clients` connections to one port: just the default when one
    /// address has ports enough (or `count` when given), else as many as they need.
    static func addresses(for clients: Int, count: Int? = nil) -> [String?] {
        let needed = count ?? (clients + perAddress - 1) / perAddress
        guard needed > 1 || count != nil else { return [nil] }
        return (0..<max(1, needed)).map { "127.0.0.\($0 + 2)" }
    }
}
