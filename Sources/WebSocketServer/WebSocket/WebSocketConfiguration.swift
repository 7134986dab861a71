/// Limits, timers and extensions for WebSocket connections. Every limit has a defined
/// behaviour when exceeded (see each property).
public struct WebSocketConfiguration: Sendable {
    /// The largest data message accepted, after reassembly and decompression; larger ones
    /// close the connection with 1009. Autobahn's 9.* cases need 16 MiB.
    public var maximumMessageSize: Int
    /// How long the connection may go without receiving anything before the server sends a
    /// ping; nil disables keepalive pings.
    public var pingInterval: Duration?
    /// How long the server waits for any frame after a keepalive ping before dropping the
    /// connection (reported as 1006). The wait starts again while the client is still
    /// reading a backlog queued ahead of the ping (its TCP stack acknowledges output that keeps
    /// flowing) or its bytes wait unread on the server: it is behind, not gone.
    public var pongTimeout: Duration
    /// How long the connection may go without a data message from the client before the
    /// server closes it with 1001; nil (the default) allows listen-only clients forever.
    public var idleTimeout: Duration?
    /// How long the server waits for the client's close frame after sending its own.
    public var closeTimeout: Duration
    /// The most bytes of output a connection may have queued; past it, writes stop being
    /// accepted and the stall timer runs.
    public var maximumPendingOutput: Int
    /// How long output may stay backed up (over `maximumPendingOutput`) with not one byte
    /// taken by the client (acknowledged by its TCP stack) before the connection is closed
    /// with 1008. A client that reads,
    /// however slowly, is not closed: broadcast frames it cannot take are dropped instead.
    public var outputStallTimeout: Duration
    /// The permessage-deflate policy, or nil to never compress.
    public var compression: PerMessageDeflateConfiguration?
    /// The `Origin` values accepted in the handshake (exact, case-insensitive match); nil accepts
    /// any origin, including none. A mismatch is answered with 403.
    public var allowedOrigins: Set<String>?
    /// Picks one of the client's `Sec-WebSocket-Protocol` values, or nil for none. The default picks none.
    public var selectSubprotocol: @Sendable (_ offered: [String]) -> String?
    /// When set, every data message counts as queued from its delivery to `onMessage` until the
    /// application reports it done with `WebSocketSession.handled(messages:bytes:)`; the connection
    /// stops reading while the backlog is over this bound (`InboundBacklog`) and resumes when it
    /// drains, so a client sending faster than the application works waits in its own TCP
    /// buffers. nil (the default) is for applications that handle each message in `onMessage`.
    public var inboundBacklog: InboundBacklog.Limit?
    /// Where connection events (a client closed for stalling) are logged; standard error by default.
    public var logger = Logger.standardError()

    /// The production defaults: 1 MiB messages, 20 s keepalive with a 10 s pong timeout,
    /// 5 s close timeout, 1 MiB of pending output with at most 10 s without progress, compression on.
    public init(maximumMessageSize: Int = 1 << 20, pingInterval: Duration? = .seconds(20),
                pongTimeout: Duration = .seconds(10), idleTimeout: Duration? = nil,
                closeTimeout: Duration = .seconds(5), maximumPendingOutput: Int = 1 << 20,
                outputStallTimeout: Duration = .seconds(10),
                compression: PerMessageDeflateConfiguration? = PerMessageDeflateConfiguration(),
                allowedOrigins: Set<String>? = nil,
                selectSubprotocol: @escaping @Sendable ([String]) -> String? = { _ in nil }) {
        self.maximumMessageSize = maximumMessageSize
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.idleTimeout = idleTimeout
        self.closeTimeout = closeTimeout
        self.maximumPendingOutput = maximumPendingOutput
        self.outputStallTimeout = outputStallTimeout
        self.compression = compression
        self.allowedOrigins = allowedOrigins
        self.selectSubprotocol = selectSubprotocol
    }
}
