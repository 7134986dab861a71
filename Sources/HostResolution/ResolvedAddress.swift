import Glibc

/// One TCP address `getaddrinfo` gives for a host and port: its family and its `sockaddr` bytes, ready for
/// `bind` (the transport's listening socket) or `connect` (the Redis client). The one place either resolves a name.
public struct ResolvedAddress: Sendable, Hashable {
    /// `AF_INET` or `AF_INET6`.
    public var family: Int32
    /// The `sockaddr_in`/`sockaddr_in6`, as `getaddrinfo` filled it.
    public var bytes: [UInt8]

    public init(family: Int32, bytes: [UInt8]) {
        self.family = family
        self.bytes = bytes
    }

    /// Every TCP address of `host` (a numeric IPv4 or IPv6 address, or a name such as `localhost`) with
    /// `port`, in `getaddrinfo`'s order of preference; never empty. A name may take the system resolver's time.
    public static func resolve(host: String, port: Int) throws(HostResolutionError) -> [ResolvedAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, result != nil else {
            throw HostResolutionError(host: host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(result) }
        var addresses: [ResolvedAddress] = []
        var current = result
        while let entry = current {
            current = entry.pointee.ai_next
            let bytes = UnsafeRawBufferPointer(start: entry.pointee.ai_addr, count: Int(entry.pointee.ai_addrlen))
            let address = ResolvedAddress(family: entry.pointee.ai_family, bytes: Array(bytes))
            if !addresses.contains(address) { addresses.append(address) }
        }
        guard !addresses.isEmpty else { throw HostResolutionError(host: host, reason: "no TCP address") }
        return addresses
    }

    /// Calls `body` with the address as the `sockaddr` pointer and length that `bind` and `connect` take.
    public func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { raw in
            try body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
    }
}
