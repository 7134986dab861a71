import Glibc
import HostResolution
import Testing

/// The one resolver of the transport and the Redis client, on addresses that need no name server.
@Suite struct ResolvedAddressTests {
    @Test func aNumericIPv4AddressIsOneSockaddrInWithThePort() throws {
        let addresses = try ResolvedAddress.resolve(host: "127.0.0.1", port: 6379)
        #expect(addresses.count == 1)
        let address = try #require(addresses.first)
        #expect(address.family == AF_INET && address.bytes.count == MemoryLayout<sockaddr_in>.size)
        let parsed = address.bytes.withUnsafeBytes { $0.loadUnaligned(as: sockaddr_in.self) }
        #expect(UInt16(bigEndian: parsed.sin_port) == 6379)
        #expect(parsed.sin_addr.s_addr == inet_addr("127.0.0.1"))
        #expect(address.withSocketAddress { Int32($0.pointee.sa_family) == AF_INET && $1 == socklen_t(address.bytes.count) })
    }

    @Test func aNumericIPv6AddressIsOneSockaddrIn6() throws {
        let address = try #require(try ResolvedAddress.resolve(host: "::1", port: 8080).first)
        #expect(address.family == AF_INET6 && address.bytes.count == MemoryLayout<sockaddr_in6>.size)
        let parsed = address.bytes.withUnsafeBytes { $0.loadUnaligned(as: sockaddr_in6.self) }
        #expect(UInt16(bigEndian: parsed.sin6_port) == 8080)
    }

    /// `localhost` comes from /etc/hosts: one or two loopback addresses, each once.
    @Test func localhostResolvesToLoopbackAddressesWithoutDuplicates() throws {
        let addresses = try ResolvedAddress.resolve(host: "localhost", port: 1)
        #expect(!addresses.isEmpty && Set(addresses).count == addresses.count)
        #expect(addresses.allSatisfy { $0.family == AF_INET || $0.family == AF_INET6 })
    }

    /// Port 0 (any port, for a listening socket) and the highest port both pass through.
    @Test func thePortIsTakenAsANumber() throws {
        for port in [0, 65_535] {
            let address = try #require(try ResolvedAddress.resolve(host: "127.0.0.1", port: port).first)
            #expect(UInt16(bigEndian: address.bytes.withUnsafeBytes { $0.loadUnaligned(as: sockaddr_in.self) }.sin_port) == UInt16(port))
        }
    }

    /// A port getaddrinfo refuses (a negative one: no lookup is made) is an error naming the host, with the reason.
    @Test func aRefusedPortIsAnErrorNamingTheHost() {
        #expect(throws: HostResolutionError.self) { try ResolvedAddress.resolve(host: "127.0.0.1", port: -70_000) }
        do {
            _ = try ResolvedAddress.resolve(host: "127.0.0.1", port: -70_000)
        } catch {
            #expect(error.host == "127.0.0.1" && !error.reason.isEmpty)
        }
    }
}
