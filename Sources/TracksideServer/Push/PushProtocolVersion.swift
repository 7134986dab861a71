/// The push protocol's version: announced in every `hello` (`"protocol":1`) and negotiable as the
/// WebSocket subprotocol `trackside.v1`. The JSON Schemas in docs/schema describe this version.
public enum PushProtocolVersion {
    /// The version this server speaks.
    public static let current = 1
    /// The `Sec-WebSocket-Protocol` token naming it.
    public static let subprotocol = "trackside.v\(current)"

    /// The subprotocol to answer a handshake offering `offered` with (RFC 6455 §4.2.2): ours when the client
    /// offers it, else none. A client offering only other protocols is still accepted, without the header, and
    /// decides itself whether to go on (browsers fail such a connection, as the RFC's client rules ask).
    public static func select(_ offered: [String]) -> String? {
        offered.contains(subprotocol) ? subprotocol : nil
    }
}
