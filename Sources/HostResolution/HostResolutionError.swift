/// A host `getaddrinfo` could not resolve to a TCP address, with its reason (`gai_strerror`).
public struct HostResolutionError: Error, Sendable, Equatable {
    public var host: String
    public var reason: String

    public init(host: String, reason: String) {
        self.host = host
        self.reason = reason
    }
}
