/// The Lua scripts that make lease changes atomic on the server. `EVAL` sends the source each time (a few hundred
/// bytes once a second); Redis caches the compiled script by its digest.
enum LeaseScripts {
    /// KEYS[1] lease, ARGV[1] owner, ARGV[2] ttl ms → 1 if renewed, 0 if someone else (or nobody) holds it.
    static let renew = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
        return 0
        """

    /// KEYS[1] lease, ARGV[1] owner → 1 if released, 0 if it was not ours.
    static let release = """
        if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
        return 0
        """

    /// KEYS[1] lease, KEYS[2] term counter, KEYS[3] stream; ARGV[1] owner, ARGV[2] ttl ms → the new term, or nil
    /// when the lease is held. The term is raised past the stream's last id, so a counter lost while the stream
    /// survived (or a stream written under a term the counter forgot) never hands out a fenced-out term.
    static let acquireTerm = """
        if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end
        local term = redis.call('INCR', KEYS[2])
        if redis.call('EXISTS', KEYS[3]) == 1 then
            local info = redis.call('XINFO', 'STREAM', KEYS[3])
            for i = 1, #info, 2 do
                if info[i] == 'last-generated-id' then
                    local top = tonumber(string.match(info[i + 1], '^(%d+)'))
                    if top ~= nil and top >= term then
                        term = top + 1
                        redis.call('SET', KEYS[2], term)
                    end
                end
            end
        end
        return term
        """
}
