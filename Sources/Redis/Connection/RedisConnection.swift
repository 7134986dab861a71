/// One connection to a Redis server: `AUTH` and `SELECT` at connect, then commands and pipelines, each bounded by
/// a timeout. Use it from one thread at a time (`RedisClient` adds locking and reconnection).
///
/// A failure that leaves the reply stream out of step (a timeout, a close, bad bytes) closes the connection for
/// good: every later call throws `closed`.
public final class RedisConnection: RedisCommandRunner {
    /// Where it is connected.
    public let url: RedisURL
    private let socket: RedisSocket
    private var decoder: RESPDecoder

    /// Connects, authenticates and selects the database within `url.connectTimeout`.
    public init(url: RedisURL, limits: RESPLimits = RESPLimits()) throws(RedisError) {
        self.url = url
        decoder = RESPDecoder(limits: limits)
        socket = try RedisSocket.connect(host: url.host, port: url.port, deadline: .now + url.connectTimeout)
        var handshake: [RedisCommand] = []
        if let password = url.password {
            handshake.append(url.user.map { RedisCommand("AUTH", $0, password) } ?? RedisCommand("AUTH", password))
        }
        if url.database != 0 { handshake.append(RedisCommand("SELECT", String(url.database))) }
        guard !handshake.isEmpty else { return }
        let replies = try pipeline(handshake, timeout: url.connectTimeout)
        for (command, reply) in zip(handshake, replies) {
            guard case .error(let message) = reply else { continue }
            close()
            throw command.name == "AUTH" ? .authentication(message) : .server(message)
        }
    }

    public var commandTimeout: Duration { url.commandTimeout }

    /// Whether the connection can still be used.
    public var isOpen: Bool { socket.isOpen }

    public func pipeline(_ commands: [RedisCommand], timeout: Duration?) throws(RedisError) -> [RESPValue] {
        guard socket.isOpen else { throw .closed("connection closed") }
        guard !commands.isEmpty else { return [] }
        let deadline = ContinuousClock.now + (timeout ?? url.commandTimeout)
        var replies: [RESPValue] = []
        replies.reserveCapacity(commands.count)
        do throws(RedisError) {
            guard decoder.isIdle else { throw .unexpectedReply("bytes the server sent unasked") }
            try socket.exchange(RESPEncoder.encode(commands), until: deadline) { bytes throws(RedisError) in
                try receive(bytes, into: &replies, expecting: commands.count)
            }
        } catch {
            close()
            throw error
        }
        return replies
    }

    /// Decodes `bytes` into `replies`; true once all `count` replies are whole.
    private func receive(_ bytes: ArraySlice<UInt8>, into replies: inout [RESPValue], expecting count: Int)
        throws(RedisError) -> Bool {
        do throws(RESPDecodingError) {
            try decoder.append(bytes)
            while replies.count < count, let value = try decoder.next() {
                replies.append(value)
            }
        } catch {
            throw .protocolViolation(error)
        }
        guard decoder.isIdle || replies.count < count else { throw .unexpectedReply("more replies than commands") }
        return replies.count == count && decoder.isIdle
    }

    /// Closes the socket; later calls throw `closed`.
    public func close() {
        socket.close()
    }
}
