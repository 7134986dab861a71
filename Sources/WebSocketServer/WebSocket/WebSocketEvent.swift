/// What the protocol state machine asks its I/O shell to do, in order.
public enum WebSocketEvent: Hashable, Sendable {
    /// A data message arrived; hand it to the application.
    case message(WebSocketMessage)
    /// Send these bytes (already framed) to the peer.
    case send([UInt8])
    /// Flush what was sent so far, then close the TCP connection. `code` and `reason` say why
    /// the WebSocket ended (the close frame exchanged, or 1006 when there was none);
    /// this is always the last event.
    case closeConnection(code: WebSocketCloseCode, reason: String)
}
