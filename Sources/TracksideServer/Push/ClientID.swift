/// Identifies one push connection inside the hub.
public struct ClientID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public var description: String { "client#\(rawValue)" }
}
