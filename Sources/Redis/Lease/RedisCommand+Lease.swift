extension RedisCommand {
    /// `SET key owner NX PX ttl`: takes the lease if nobody holds it.
    public static func acquireLease(_ key: String, owner: String, ttl: Duration) -> RedisCommand {
        RedisCommand("SET", key, owner, "NX", "PX", String(ttl.wholeMilliseconds))
    }

    /// Extends the lease by `ttl` from now, only if `owner` still holds it.
    public static func renewLease(_ key: String, owner: String, ttl: Duration) -> RedisCommand {
        RedisCommand("EVAL", LeaseScripts.renew, "1", key, owner, String(ttl.wholeMilliseconds))
    }

    /// Deletes the lease, only if `owner` still holds it.
    public static func releaseLease(_ key: String, owner: String) -> RedisCommand {
        RedisCommand("EVAL", LeaseScripts.release, "1", key, owner)
    }

    /// Takes the lease and a new term in one step (`LeaseScripts.acquireTerm`).
    public static func acquireTerm(lease: String, owner: String, ttl: Duration, term: String, stream: String)
        -> RedisCommand {
        RedisCommand("EVAL", LeaseScripts.acquireTerm, "3", lease, term, stream, owner, String(ttl.wholeMilliseconds))
    }
}
