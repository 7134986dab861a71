/// A complete data message, reassembled from its fragments and decompressed.
public enum WebSocketMessage: Hashable, Sendable {
    /// A text message, already validated as UTF-8.
    case text(String)
    /// A binary message.
    case binary([UInt8])
}
