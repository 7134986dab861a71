/// Everything the HTTP server needs to know; every field has a default that serves.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (a numeric address or a host name).
    public var host = "127.0.0.1"
    /// The TCP port; 0 asks the kernel for a free one.
    public var port = 8080
    /// Event loop threads; one per core by default.
    public var eventLoopCount = EventLoopGroup.defaultLoopCount
    /// The kernel's queue of connections not yet accepted.
    public var backlog: Int32 = 1024
    /// Connections beyond this are refused service: up to `connectionsBeyondLimit` more are
    /// admitted for one request each, answered only on `pathsAnsweredAtConnectionLimit` (a fast
    /// 503 elsewhere), and the rest are closed as soon as they are accepted.
    public var maxConnections = 50_000
    /// Connections admitted past `maxConnections` at once, each for one request (sent within
    /// 2 s, or `requestTimeout` when shorter) then closed.
    public var connectionsBeyondLimit = 64
    /// The paths still answered on a connection past `maxConnections` (a liveness probe such as
    /// `/healthz`, so a full server is not taken for a dead one); every other request there gets
    /// `503` with `Retry-After`.
    public var pathsAnsweredAtConnectionLimit: Set<String> = []
    /// Bytes a connection may have waiting to be written (see `Connection.write`).
    public var outputQueueLimit = 1024 * 1024
    /// Request size limits (headers, lines, body).
    public var requestLimits = HTTPRequestParser.Limits()
    /// Time allowed for a whole request to arrive once it starts (slowloris protection; 408),
    /// and for the first request on a new connection.
    public var requestTimeout: Duration = .seconds(10)
    /// How long a response may wait with none of its bytes acknowledged by the client's TCP
    /// stack before the connection is aborted: a client that requests and never reads cannot
    /// hold the response (and its connection) forever. A client that reads, however slowly,
    /// keeps it.
    public var writeTimeout: Duration = .seconds(30)
    /// How long an idle keep-alive connection is kept between requests.
    public var keepAliveTimeout: Duration = .seconds(30)
    /// How long shutdown waits for connections to finish before aborting them.
    public var shutdownGracePeriod: Duration = .seconds(4)
    /// Where the server says when it starts and stops refusing connections (the connection
    /// limit, or accept failing for want of file descriptors).
    public var logger = Logger.standardError()

    public init() {}
}
