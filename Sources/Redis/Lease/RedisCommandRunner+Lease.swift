extension RedisCommandRunner {
    /// Takes the lease `key` for `ttl` if nobody holds it (`SET NX PX`); true when taken.
    public func acquireLease(_ key: String, owner: String, ttl: Duration) throws(RedisError) -> Bool {
        let reply = try send(.acquireLease(key, owner: owner, ttl: ttl))
        if reply.isNull { return false }
        guard reply == .simpleString("OK") else { throw .unexpectedReply("a SET NX reply") }
        return true
    }

    /// Extends the lease to `ttl` from now if `owner` still holds it; false when it expired or another holds it
    /// (the holder must then stop acting as leader at once).
    public func renewLease(_ key: String, owner: String, ttl: Duration) throws(RedisError) -> Bool {
        try flag(send(.renewLease(key, owner: owner, ttl: ttl)))
    }

    /// Gives the lease up if `owner` holds it; false when it was not ours.
    @discardableResult
    public func releaseLease(_ key: String, owner: String) throws(RedisError) -> Bool {
        try flag(send(.releaseLease(key, owner: owner)))
    }

    /// Takes the lease and returns a new fencing term, or nil when someone holds it: `SET NX PX`, `INCR` of `term`,
    /// and the term raised past `stream`'s last id, atomically. Write that term's entries as `StreamID(term, seq)`.
    public func acquireTerm(lease: String, owner: String, ttl: Duration, term: String, stream: String)
        throws(RedisError) -> UInt64? {
        let reply = try send(.acquireTerm(lease: lease, owner: owner, ttl: ttl, term: term, stream: stream))
        if reply.isNull { return nil }
        guard case .integer(let value) = reply, value > 0 else { throw .unexpectedReply("a term") }
        return UInt64(value)
    }

    /// `INCR key`: the counter after adding one.
    public func incr(_ key: String) throws(RedisError) -> Int64 {
        guard case .integer(let value) = try send(RedisCommand("INCR", key)) else {
            throw .unexpectedReply("an INCR count")
        }
        return value
    }

    /// `GET key`: the value, nil when missing.
    public func get(_ key: String) throws(RedisError) -> [UInt8]? {
        let reply = try send(RedisCommand("GET", key))
        if reply.isNull { return nil }
        guard let bytes = reply.bytes else { throw .unexpectedReply("a GET value") }
        return bytes
    }

    private func flag(_ reply: RESPValue) throws(RedisError) -> Bool {
        guard case .integer(let value) = reply, value == 0 || value == 1 else { throw .unexpectedReply("0 or 1") }
        return value == 1
    }
}
