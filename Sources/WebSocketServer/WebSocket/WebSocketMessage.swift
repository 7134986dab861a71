/// A complete data message, reassembled from its fragments and decompressed.
public enum WebSocketMessage: Hashable, Sendable {
    /// A text message, already validated as UTF-8.
    case text(String)
    /// A binary message.
    case binary([UInt8])
}

extension WebSocketMessage {
    /// The payload's size in bytes (UTF-8 for text).
    public var payloadCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let bytes): bytes.count
        }
    }
}
