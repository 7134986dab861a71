import Synchronization

/// A connection that comes back: thread-safe (callers take turns on one connection) and reconnecting.
///
/// The connection is made on first use. When it fails (timeout, close, bad bytes) the error is thrown and the
/// command is not retried — `XADD` and `INCR` are not idempotent, so only the caller knows whether to. The next
/// call connects again once the backoff delay (`ReconnectBackoff`) has passed; before that it throws
/// `RedisError.unavailable(retryIn:cause:)` at once without sending anything. No call waits longer than the connect
/// timeout plus its own timeout, so nothing blocks forever.
///
/// A blocking command (`XREAD BLOCK`) holds the connection for its block time: give blocking reads their own client.
/// `close()` waits for the command in flight.
public final class RedisClient: RedisCommandRunner, Sendable {
    /// Where it connects.
    public let url: RedisURL
    private let limits: RESPLimits
    private let state: Mutex<State>

    /// A client for `url`; nothing is connected until the first command.
    public init(url: RedisURL, backoff: ReconnectBackoff.Policy = .standard, limits: RESPLimits = RESPLimits()) {
        self.url = url
        self.limits = limits
        state = Mutex(State(backoff: ReconnectBackoff(policy: backoff)))
    }

    public var commandTimeout: Duration { url.commandTimeout }

    /// Whether a connection is open now (it may still fail on the next command).
    public var isConnected: Bool { state.withLock { $0.connection?.isOpen ?? false } }

    /// Failures since the last successful connect.
    public var consecutiveFailures: Int { state.withLock { $0.backoff.failures } }

    public func pipeline(_ commands: [RedisCommand], timeout: Duration?) throws(RedisError) -> [RESPValue] {
        try state.withLock { state throws(RedisError) -> [RESPValue] in
            let connection = try state.connection(url: url, limits: limits)
            do throws(RedisError) {
                return try connection.pipeline(commands, timeout: timeout)
            } catch {
                if !connection.isOpen { state.lost(error) }
                throw error
            }
        }
    }

    /// Closes the connection; later calls throw `closed`.
    public func close() {
        state.withLock { state in
            state.connection?.close()
            state.connection = nil
            state.isClosed = true
        }
    }
}

extension RedisClient {
    private struct State: ~Copyable {
        var connection: RedisConnection?
        var backoff: ReconnectBackoff
        var retryAt: ContinuousClock.Instant?
        var cause = ""
        var isClosed = false
        var random = SystemRandomNumberGenerator()

        init(backoff: ReconnectBackoff) {
            self.backoff = backoff
        }

        /// The open connection, or a new one when the backoff allows it.
        mutating func connection(url: RedisURL, limits: RESPLimits) throws(RedisError) -> RedisConnection {
            guard !isClosed else { throw .closed("client closed") }
            if let connection, connection.isOpen { return connection }
            connection = nil
            if let retryAt {
                let wait = retryAt - .now
                guard wait <= .zero else { throw .unavailable(retryIn: wait, cause: cause) }
            }
            do throws(RedisError) {
                let connection = try RedisConnection(url: url, limits: limits)
                self.connection = connection
                backoff.reset()
                retryAt = nil
                return connection
            } catch {
                lost(error)
                throw error
            }
        }

        /// Schedules the next attempt after a failure.
        mutating func lost(_ error: RedisError) {
            connection = nil
            cause = "\(error)"
            retryAt = .now + backoff.nextDelay(using: &random)
        }
    }
}
