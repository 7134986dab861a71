/// Everything the client throws. The cases that lose the connection (`connect`, `timedOut`, `closed`,
/// `protocolViolation`, `authentication`) close it; the reply errors (`server`, `fenced`, `unexpectedReply`) leave it
/// usable.
public enum RedisError: Error, Hashable, Sendable {
    /// Resolving, connecting or the connect timeout failed.
    case connect(String)
    /// No complete reply within the timeout; the connection is dropped (its replies would be out of step).
    case timedOut
    /// The server closed or reset the connection, or it was closed here.
    case closed(String)
    /// The server's bytes are not RESP2 within the limits; the connection is dropped.
    case protocolViolation(RESPDecodingError)
    /// `AUTH` at connect was refused (`WRONGPASS`, `NOAUTH`, …).
    case authentication(String)
    /// An error reply, e.g. `WRONGTYPE Operation against a key holding the wrong kind of value`.
    case server(String)
    /// `XADD` with an explicit id refused because the stream already holds an equal or greater id: another writer
    /// with a newer term got there first (see `RedisCommandRunner.xadd`).
    case fenced(String)
    /// A reply of a shape the typed wrapper does not expect.
    case unexpectedReply(String)
    /// `RedisClient` is waiting out its reconnect backoff: nothing was sent; try again after `retryIn`.
    case unavailable(retryIn: Duration, cause: String)
}

extension RedisError {
    /// The typed error an error reply stands for: the fencing refusal of `XADD`, or `server`.
    public init(reply message: String) {
        self = message.contains("equal or smaller than the target stream top item") ? .fenced(message) : .server(message)
    }

    /// Whether the connection it happened on is gone.
    public var losesConnection: Bool {
        switch self {
        case .connect, .timedOut, .closed, .protocolViolation, .authentication, .unavailable: true
        case .server, .fenced, .unexpectedReply: false
        }
    }
}

extension RedisError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .connect(let reason): "redis: cannot connect: \(reason)"
        case .timedOut: "redis: no reply within the timeout"
        case .closed(let reason): "redis: connection closed: \(reason)"
        case .protocolViolation(let error): "redis: \(error)"
        case .authentication(let message): "redis: authentication refused: \(message)"
        case .server(let message): "redis: \(message)"
        case .fenced(let message): "redis: fenced: \(message)"
        case .unexpectedReply(let what): "redis: unexpected reply: \(what)"
        case .unavailable(let retryIn, let cause): "redis: unavailable (\(cause)); next attempt in \(retryIn)"
        }
    }
}
