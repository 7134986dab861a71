extension RedisCommandRunner {
    /// Appends an entry with the explicit `id` and returns it. Throws `RedisError.fenced` when the stream already
    /// holds `id` or a larger one: with ids `term-seq`, a writer whose term is older than the stream's top is
    /// refused by Redis itself, atomically, however late its command arrives.
    @discardableResult
    public func xadd(_ key: String, id: StreamID, fields: [StreamField], maximumLength: Int? = nil)
        throws(RedisError) -> StreamID {
        let reply = try send(.xadd(key, id: id, fields: fields, maximumLength: maximumLength))
        guard let text = reply.string, let added = StreamID(text) else { throw .unexpectedReply("an XADD id") }
        return added
    }

    /// Entries after `id`, at most `count`; with `block`, waits up to that long for one to arrive and returns `[]`
    /// if none did. The reply may take `block` plus the command timeout, so a long block never looks like a
    /// dead server.
    public func xread(_ key: String, after id: StreamID, count: Int? = nil, block: Duration? = nil)
        throws(RedisError) -> [StreamEntry] {
        let reply = try send(.xread(key, after: id, count: count, block: block),
                             timeout: commandTimeout + (block ?? .zero))
        return try StreamEntry.read(reply: reply)
    }

    /// Entries from `start` to `end` inclusive (nil: the stream's ends), oldest first.
    public func xrange(_ key: String, from start: StreamID? = nil, to end: StreamID? = nil, count: Int? = nil)
        throws(RedisError) -> [StreamEntry] {
        try StreamEntry.list(reply: send(.xrange(key, from: start, to: end, count: count)))
    }

    /// Entries from `end` down to `start` inclusive (nil: the stream's ends), newest first.
    public func xrevrange(_ key: String, from end: StreamID? = nil, to start: StreamID? = nil, count: Int? = nil)
        throws(RedisError) -> [StreamEntry] {
        try StreamEntry.list(reply: send(.xrevrange(key, from: end, to: start, count: count)))
    }

    /// The newest entry, nil when the stream is empty or missing.
    public func lastEntry(_ key: String) throws(RedisError) -> StreamEntry? {
        try xrevrange(key, count: 1).first
    }

    /// The number of entries (0 for a missing key).
    public func xlen(_ key: String) throws(RedisError) -> Int {
        guard case .integer(let length) = try send(RedisCommand("XLEN", key)) else {
            throw .unexpectedReply("an XLEN count")
        }
        return Int(length)
    }

    /// `XINFO STREAM key`, nil when there is no such key.
    public func streamInfo(_ key: String) throws(RedisError) -> StreamInfo? {
        let replies = try pipeline([RedisCommand("EXISTS", key), RedisCommand("XINFO", "STREAM", key)])
        if replies[0] == .integer(0) { return nil }
        return try StreamInfo(reply: replies[1].checked())
    }
}
