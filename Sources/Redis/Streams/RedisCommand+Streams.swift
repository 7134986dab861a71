extension RedisCommand {
    /// `XADD key [MAXLEN ~ n] id name value …`: appends an entry with an explicit id, trimming the stream to about
    /// `maximumLength` entries (`~`: whole radix-tree nodes, cheap) when given.
    public static func xadd(_ key: String, id: StreamID, fields: [StreamField], maximumLength: Int? = nil)
        -> RedisCommand {
        var command = RedisCommand("XADD", key)
        if let maximumLength {
            command.append("MAXLEN")
            command.append("~")
            command.append(maximumLength)
        }
        command.append(id.description)
        for field in fields {
            command.append(field.name)
            command.append(field.value)
        }
        return command
    }

    /// `XREAD [COUNT n] [BLOCK ms] STREAMS key id`: entries after `id`.
    public static func xread(_ key: String, after id: StreamID, count: Int? = nil, block: Duration? = nil)
        -> RedisCommand {
        var command = RedisCommand("XREAD")
        if let count {
            command.append("COUNT")
            command.append(count)
        }
        if let block {
            command.append("BLOCK")
            command.append(block.wholeMilliseconds)
        }
        command.append("STREAMS")
        command.append(key)
        command.append(id.description)
        return command
    }

    /// `XRANGE key start end [COUNT n]`, inclusive; nil bounds are `-` and `+`.
    public static func xrange(_ key: String, from start: StreamID?, to end: StreamID?, count: Int? = nil)
        -> RedisCommand {
        range("XRANGE", key, start?.description ?? "-", end?.description ?? "+", count)
    }

    /// `XREVRANGE key end start [COUNT n]`: newest first; nil bounds are `+` and `-`.
    public static func xrevrange(_ key: String, from end: StreamID?, to start: StreamID?, count: Int? = nil)
        -> RedisCommand {
        range("XREVRANGE", key, end?.description ?? "+", start?.description ?? "-", count)
    }

    private static func range(_ name: String, _ key: String, _ first: String, _ second: String, _ count: Int?)
        -> RedisCommand {
        var command = RedisCommand(name, key, first, second)
        if let count {
            command.append("COUNT")
            command.append(count)
        }
        return command
    }
}

extension Duration {
    /// Whole milliseconds, rounded up and at least 1 (Redis reads `BLOCK 0` and `PX 0` as "forever" or invalid).
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(1, seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
