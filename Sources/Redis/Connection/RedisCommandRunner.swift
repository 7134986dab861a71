/// Something that runs commands: a `RedisConnection`, or a reconnecting `RedisClient`. The typed wrappers
/// (streams, leases) are written once, against this.
public protocol RedisCommandRunner {
    /// The timeout a command gets when none is given (`RedisURL.commandTimeout`).
    var commandTimeout: Duration { get }

    /// Sends `commands` in one write and returns their replies in order; error replies stay in place as
    /// `.error` values (one failing command does not fail the others). Throws only when the connection fails.
    func pipeline(_ commands: [RedisCommand], timeout: Duration?) throws(RedisError) -> [RESPValue]
}

extension RedisCommandRunner {
    /// Sends one command; an error reply is thrown (`RESPValue.checked`).
    public func send(_ command: RedisCommand, timeout: Duration? = nil) throws(RedisError) -> RESPValue {
        let replies = try pipeline([command], timeout: timeout)
        return try replies[0].checked()
    }

    /// `pipeline(_:timeout:)` with the command timeout.
    public func pipeline(_ commands: [RedisCommand]) throws(RedisError) -> [RESPValue] {
        try pipeline(commands, timeout: nil)
    }
}
