/// One accepted WebSocket connection as the application sees it.
///
/// Sending and closing are safe from any thread: off the connection's event loop the call hops
/// onto it with `execute`, so a push thread can fan a prepared message out to thousands of
/// sessions without locks. The callbacks run on the loop; set them in the route's accept closure
/// (which also runs on the loop, before any message can arrive) and keep them quick.
public final class WebSocketSession: @unchecked Sendable {
    // @unchecked: the callbacks and `handler` are only touched on `loop`.

    /// The upgrade request (path, query, headers), e.g. to read a resume token.
    public let request: RoutedRequest
    /// The negotiated subprotocol, if any.
    public let subprotocol: String?
    /// The negotiated permessage-deflate parameters, if any.
    public let compression: PerMessageDeflateParameters?
    /// The loop the connection lives on.
    public let loop: EventLoop

    /// Called on the loop for every complete data message.
    public var onMessage: ((WebSocketMessage) -> Void)?
    /// Called on the loop once when the connection ends, with the close code and reason
    /// (1006 when the TCP connection went away without a close frame).
    public var onClose: ((WebSocketCloseCode, String) -> Void)?

    /// Set by an application that answers messages later, off the loop (the push route): called on
    /// the loop when the peer's bytes close the connection (its close frame, a protocol failure
    /// such as invalid UTF-8 or an oversize message, or its end of input) after messages already
    /// handed to `onMessage`. The close frame, and the end of the connection, wait until
    /// `repliesSent` is called (from any thread) once every answer to those messages has been
    /// given to `send` — or for the close timeout at most. Nothing more is read meanwhile.
    ///
    /// Unset, the close follows at once, which keeps the same order for an application that
    /// answers inside `onMessage` (`/echo`): each message is handed over, and answered, before
    /// the bytes after it are parsed.
    public var onPeerClosing: ((_ repliesSent: @escaping @Sendable () -> Void) -> Void)?

    /// Set while the connection is open: the handler holds the session too, and ends the cycle
    /// when the connection closes. (Strong rather than weak: a weak reference would slow down
    /// every retain of the handler on the broadcast path.)
    var handler: WebSocketConnectionHandler?

    init(request: RoutedRequest, subprotocol: String?, compression: PerMessageDeflateParameters?, loop: EventLoop) {
        self.request = request
        self.subprotocol = subprotocol
        self.compression = compression
        self.loop = loop
    }

    /// The peer's `host:port`.
    public var remoteAddress: String { request.remoteAddress }

    /// Sends a text message (compressed when negotiated and large enough). Never dropped: when
    /// the client reads slowly the message waits and reading from the client pauses.
    public func send(text: String) {
        onLoop { $0.send(droppable: false, payloadBytes: text.utf8.count) { machine in machine.frame(text: text) } }
    }

    /// Sends a binary message, with the same guarantee as `send(text:)`.
    public func send(binary: [UInt8]) {
        onLoop { $0.send(droppable: false, payloadBytes: binary.count) { machine in machine.frame(binary: binary) } }
    }

    /// Reports `messages` messages of `bytes` payload bytes done with (handled or dropped), for a
    /// route whose configuration bounds the inbound backlog (`WebSocketConfiguration.inboundBacklog`):
    /// reading resumes once the backlog has drained. Callable from any thread.
    public func handled(messages: Int, bytes: Int) {
        onLoop { $0.inboundHandled(messages: messages, bytes: bytes) }
    }

    /// Starts the closing handshake; `onClose` follows when it completes or times out. With
    /// `awaitingReply` false (a client the application refuses to serve, e.g. 1008), the close
    /// frame is the last thing sent and the TCP connection closes right after it: what the client
    /// sends meanwhile is discarded unread rather than parsed while its close is awaited.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "", awaitingReply: Bool = true) {
        onLoop { $0.close(code: code, reason: reason, awaitingReply: awaitingReply) }
    }

    /// Runs `action` with the handler on the loop: now when already there, else after a hop.
    private func onLoop(_ action: @escaping @Sendable (WebSocketConnectionHandler) -> Void) {
        if loop.inEventLoop {
            if let handler { action(handler) }
            return
        }
        loop.execute { [self] in
            if let handler { action(handler) }
        }
    }
}
