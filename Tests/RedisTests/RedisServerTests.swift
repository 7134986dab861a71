import Foundation
import Redis
import TestSupport
import Testing

/// The client against a real `redis-server` (Debian's 7.0, installed by Tests/setup.sh) that each test starts on a
/// free port of 127.0.0.1 and stops.
@Suite struct RedisServerTests {
    static func elapsed(_ body: () throws -> Void) throws -> Duration {
        let start = ContinuousClock.now
        try body()
        return .now - start
    }

    @Test func pipelinedRepliesComeBackInOrderAndErrorsStayInPlace() throws {
        let server = try RedisServerProcess()
        let connection = try RedisConnection(url: RedisURL(server.url()))
        var commands: [RedisCommand] = []
        for index in 0..<500 {
            commands.append(RedisCommand("SET", "k\(index)", "v\(index)"))
            commands.append(RedisCommand("INCR", "counter"))
        }
        commands.append(RedisCommand("INCR", "k0"))  // not an integer: an error reply, in its place
        commands += (0..<500).map { RedisCommand("GET", "k\($0)") }
        let replies = try connection.pipeline(commands)
        #expect(replies.count == commands.count)
        for index in 0..<500 {
            #expect(replies[2 * index] == .simpleString("OK"))
            #expect(replies[2 * index + 1] == .integer(Int64(index + 1)))
            #expect(replies[1001 + index] == .bulkString("v\(index)"))
        }
        guard case .error(let message) = replies[1000] else { Issue.record("no error reply"); return }
        #expect(message.hasPrefix("ERR value is not an integer"))
        // The connection is still usable after an error reply.
        #expect(try connection.send(RedisCommand("PING")) == .simpleString("PONG"))
    }

    @Test func aPipelineLargerThanTheSocketBuffersDoesNotDeadlock() throws {
        // ~6 MB of commands whose replies (~6 MB) fill the server's output while we are still writing.
        let server = try RedisServerProcess()
        let connection = try RedisConnection(url: RedisURL(server.url("?timeout=30")))
        let value = [UInt8](repeating: 0x78, count: 3000)
        var set = RedisCommand("SET", "big")
        set.append(value)
        _ = try connection.send(set)
        let commands = (0..<2000).map { _ in RedisCommand("GET", "big") } + (0..<2000).map { _ in set }
        let replies = try connection.pipeline(commands)
        #expect(replies.count == 4000)
        #expect(replies[0..<2000].allSatisfy { $0 == .bulkString(value) })
        #expect(replies[2000...].allSatisfy { $0 == .simpleString("OK") })
    }

    @Test func authenticatesWithAPasswordOrAnACLUserAndRefusesWrongOnes() throws {
        let server = try RedisServerProcess(password: "s3cret")
        let good = try RedisConnection(url: RedisURL(server.url()))
        #expect(try good.send(RedisCommand("PING")) == .simpleString("PONG"))
        #expect(try good.send(RedisCommand("ACL", "SETUSER", "edge", "on", ">edge-pw", "~trackside:*", "+@all"))
                == .simpleString("OK"))

        #expect {
            _ = try RedisConnection(url: RedisURL("redis://:wrong@127.0.0.1:\(server.port)"))
        } throws: { error in
            guard case RedisError.authentication(let message) = error else { return false }
            return message.hasPrefix("WRONGPASS")
        }
        // Without AUTH the server answers every command with NOAUTH.
        let anonymous = try RedisConnection(url: RedisURL("redis://127.0.0.1:\(server.port)"))
        #expect {
            try anonymous.send(RedisCommand("PING"))
        } throws: { error in
            guard case RedisError.server(let message) = error else { return false }
            return message.hasPrefix("NOAUTH")
        }

        let user = try RedisConnection(url: RedisURL("redis://edge:edge-pw@127.0.0.1:\(server.port)"))
        #expect(try user.send(RedisCommand("ACL", "WHOAMI")) == .bulkString("edge"))
        #expect(try user.send(RedisCommand("SET", "trackside:x", "1")) == .simpleString("OK"))
        // The ACL's key pattern applies: this user may not touch other keys.
        #expect(throws: RedisError.self) { try user.send(RedisCommand("SET", "other", "1")) }
        #expect(throws: RedisError.self) {
            _ = try RedisConnection(url: RedisURL("redis://edge:wrong@127.0.0.1:\(server.port)"))
        }
    }

    @Test func selectsTheDatabaseOfTheURL() throws {
        let server = try RedisServerProcess()
        let three = try RedisConnection(url: RedisURL(server.url("/3")))
        _ = try three.send(RedisCommand("SET", "where", "three"))
        let zero = try RedisConnection(url: RedisURL(server.url()))
        #expect(try zero.get("where") == nil)
        #expect(try RedisConnection(url: RedisURL(server.url("/3"))).get("where") == Array("three".utf8))
        #expect {
            _ = try RedisConnection(url: RedisURL(server.url("/99")))
        } throws: { error in
            guard case RedisError.server(let message) = error else { return false }
            return message.contains("DB index is out of range")
        }
    }

    @Test func aServerThatNeverAnswersTimesOutAndTheConnectionIsDropped() throws {
        let silent = SilentListener()
        let connection = try RedisConnection(url: RedisURL("redis://127.0.0.1:\(silent.port)?timeout=0.3"))
        let waited = try Self.elapsed {
            #expect(throws: RedisError.timedOut) { try connection.send(RedisCommand("PING")) }
        }
        #expect(waited >= .milliseconds(300) && waited < .seconds(2), "\(waited)")
        #expect(!connection.isOpen)
        #expect(throws: RedisError.closed("connection closed")) { try connection.send(RedisCommand("PING")) }
        // A per-command timeout overrides the URL's.
        let again = try RedisConnection(url: RedisURL("redis://127.0.0.1:\(silent.port)?timeout=30"))
        let short = try Self.elapsed {
            #expect(throws: RedisError.timedOut) {
                try again.send(RedisCommand("PING"), timeout: .milliseconds(100))
            }
        }
        #expect(short < .seconds(2))
    }

    @Test func aConnectThatHangsGivesUpAtTheConnectTimeout() throws {
        let silent = SilentListener(filled: true)
        let waited = try Self.elapsed {
            #expect {
                _ = try RedisConnection(url: RedisURL("redis://127.0.0.1:\(silent.port)?connect_timeout=0.3"))
            } throws: { error in
                guard case RedisError.connect(let reason) = error else { return false }
                return reason.contains("timed out")
            }
        }
        #expect(waited >= .milliseconds(300) && waited < .seconds(2), "\(waited)")
        // Nothing listening: refused at once.
        let closedPort = try RedisServerProcess.freePort()
        #expect {
            _ = try RedisConnection(url: RedisURL("redis://127.0.0.1:\(closedPort)"))
        } throws: { error in
            guard case RedisError.connect(let reason) = error else { return false }
            return reason.contains("refused")
        }
    }

    @Test func theClientReconnectsWithBackoffAfterTheServerIsKilledAndRestarted() throws {
        let server = try RedisServerProcess()
        let client = RedisClient(url: try RedisURL(server.url("?timeout=1&connect_timeout=0.5")))
        #expect(try client.incr("n") == 1)
        server.kill()
        // The command in flight fails with the connection; nothing is retried behind the caller's back.
        #expect(throws: RedisError.self) { try client.incr("n") }
        #expect(!client.isConnected)
        // While the server is down every call fails fast (backing off, or refused), never hanging.
        var unavailable = 0
        let downFor = try Self.elapsed {
            for _ in 0..<30 {
                let call = try Self.elapsed {
                    do throws(RedisError) {
                        _ = try client.send(RedisCommand("PING"))
                        Issue.record("answered while the server is down")
                    } catch .unavailable {
                        unavailable += 1
                    } catch {
                        #expect(error.losesConnection)
                    }
                }
                #expect(call < .milliseconds(700))
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        #expect(unavailable > 10, "calls inside the backoff window throw .unavailable without connecting")
        #expect(client.consecutiveFailures >= 2)
        #expect(downFor < .seconds(10))
        try server.start()
        // Back within the capped backoff (2 s, less jitter) of the server's return.
        var answered = false
        let back = try Self.elapsed {
            let deadline = ContinuousClock.now + .seconds(5)
            while !answered, .now < deadline {
                answered = (try? client.send(RedisCommand("PING"))) == .simpleString("PONG")
                if !answered { Thread.sleep(forTimeInterval: 0.02) }
            }
        }
        #expect(answered)
        #expect(back < .milliseconds(2500), "\(back)")
        #expect(client.consecutiveFailures == 0)
        // The restarted server persisted nothing.
        #expect(try client.incr("n") == 1)
    }

    @Test func theClientIsSafeToShareBetweenThreads() throws {
        let server = try RedisServerProcess()
        let client = RedisClient(url: try RedisURL(server.url()))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<100 { _ = try? client.incr("shared") }
        }
        #expect(try client.incr("shared") == 801)
    }

    @Test func anXADDWithAnOlderTermIsFencedByRedis() throws {
        let server = try RedisServerProcess()
        let client = RedisClient(url: try RedisURL(server.url()))
        let payload = (0...255).map { UInt8($0) }
        #expect(try client.xadd("ticks", id: StreamID(1, 0), fields: [StreamField("board", payload)]) == StreamID(1, 0))
        #expect(try client.xadd("ticks", id: StreamID(1, 1), fields: [StreamField("delta", "a")]) == StreamID(1, 1))
        // A new leader's term 2 starts above every id of term 1 ...
        try client.xadd("ticks", id: StreamID(2, 0), fields: [StreamField("board", "b")], maximumLength: 100)
        // ... so the old leader's next write is refused by Redis itself, and so is a repeat of the new one's.
        for stale in [StreamID(1, 2), StreamID(2, 0), StreamID(0, 9)] {
            #expect {
                try client.xadd("ticks", id: stale, fields: [StreamField("delta", "late")])
            } throws: { error in
                guard case RedisError.fenced = error else { return false }
                return true
            }
        }
        #expect(try client.xlen("ticks") == 3)
        let entries = try client.xrange("ticks")
        #expect(entries.map(\.id) == [StreamID(1, 0), StreamID(1, 1), StreamID(2, 0)])
        #expect(entries[0]["board"] == payload)
        #expect(try client.lastEntry("ticks")?.id == StreamID(2, 0))
        #expect(try client.xrevrange("ticks", count: 2).map(\.id) == [StreamID(2, 0), StreamID(1, 1)])
        #expect(try client.lastEntry("missing") == nil)
        // The same refusal inside a pipeline is an error value that checks as fenced.
        let replies = try client.pipeline([.xadd("ticks", id: StreamID(1, 9), fields: [StreamField("d", "x")])])
        #expect(throws: RedisError.self) { try replies[0].checked() }
    }

    @Test func leasesAreTakenOnceRenewedOnlyByTheirOwnerAndExpire() throws {
        let server = try RedisServerProcess()
        let client = RedisClient(url: try RedisURL(server.url()))
        #expect(try client.acquireLease("lease", owner: "a", ttl: .milliseconds(400)))
        #expect(try !client.acquireLease("lease", owner: "b", ttl: .seconds(5)))
        #expect(try client.renewLease("lease", owner: "a", ttl: .milliseconds(400)))
        #expect(try !client.renewLease("lease", owner: "b", ttl: .seconds(5)))
        #expect(try !client.releaseLease("lease", owner: "b"))
        #expect(try client.get("lease") == Array("a".utf8))
        // Not renewed: it expires and another owner takes it; the old owner can no longer renew or release it.
        Thread.sleep(forTimeInterval: 0.8)
        #expect(try client.acquireLease("lease", owner: "b", ttl: .seconds(5)))
        #expect(try !client.renewLease("lease", owner: "a", ttl: .seconds(5)))
        #expect(try !client.releaseLease("lease", owner: "a"))
        #expect(try client.releaseLease("lease", owner: "b"))
        #expect(try client.get("lease") == nil)
        // Renewal really extends: renewed at 300 ms of a 500 ms lease, it is still held at 600 ms.
        #expect(try client.acquireLease("lease", owner: "c", ttl: .milliseconds(500)))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try client.renewLease("lease", owner: "c", ttl: .milliseconds(500)))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try !client.acquireLease("lease", owner: "d", ttl: .seconds(5)))
        #expect(try client.incr("term") == 1 && client.incr("term") == 2)
    }

    @Test func acquireTermHandsOutATermAboveTheStreamsTop() throws {
        let server = try RedisServerProcess()
        let client = RedisClient(url: try RedisURL(server.url()))
        func acquire(_ owner: String) throws -> UInt64? {
            try client.acquireTerm(lease: "lease", owner: owner, ttl: .seconds(5), term: "term", stream: "ticks")
        }
        #expect(try acquire("a") == 1)
        #expect(try acquire("b") == nil)
        try client.releaseLease("lease", owner: "a")
        #expect(try acquire("b") == 2)
        try client.xadd("ticks", id: StreamID(2, 0), fields: [StreamField("board", "x")])
        // The counter is lost but the stream is not (a restore, an eviction): the term still passes the stream.
        _ = try client.send(RedisCommand("DEL", "term", "lease"))
        #expect(try acquire("c") == 3)
        _ = try client.send(RedisCommand("DEL", "term", "lease"))
        try client.xadd("ticks", id: StreamID(9, 4), fields: [StreamField("board", "y")])
        #expect(try acquire("d") == 10)
        #expect(try client.get("term") == Array("10".utf8))
        try client.xadd("ticks", id: StreamID(10, 0), fields: [StreamField("board", "z")])
    }

    @Test func xreadBlockReturnsAsSoonAsAnEntryIsAdded() throws {
        let server = try RedisServerProcess()
        let url = try RedisURL(server.url("?timeout=0.5"))
        let reader = RedisClient(url: url)
        let writer = RedisClient(url: url)
        try writer.xadd("ticks", id: StreamID(1, 0), fields: [StreamField("board", "b")])
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            _ = try? writer.xadd("ticks", id: StreamID(1, 1), fields: [StreamField("delta", "d")])
        }
        var entries: [StreamEntry] = []
        // A block longer than the command timeout: the read timeout is the block time plus the command timeout.
        let waited = try Self.elapsed {
            entries = try reader.xread("ticks", after: StreamID(1, 0), count: 10, block: .seconds(5))
        }
        #expect(entries.map(\.id) == [StreamID(1, 1)])
        #expect(entries.first?["delta"] == Array("d".utf8))
        #expect(waited >= .milliseconds(250) && waited < .seconds(3), "\(waited)")
        // Nothing arrives: an empty answer after the block time, not a timeout, and the connection stays.
        var none: [StreamEntry]?
        let idle = try Self.elapsed {
            none = try reader.xread("ticks", after: StreamID(1, 1), block: .milliseconds(800))
        }
        #expect(none == [])
        #expect(idle >= .milliseconds(800), "\(idle)")
        #expect(reader.isConnected)
        // Without BLOCK it returns what is there at once.
        #expect(try reader.xread("ticks", after: .zero).map(\.id) == [StreamID(1, 0), StreamID(1, 1)])
    }

    @Test func streamInfoShowsTheTrimPoint() throws {
        let server = try RedisServerProcess()
        let client = RedisClient(url: try RedisURL(server.url()))
        #expect(try client.streamInfo("ticks") == nil)
        for sequence in 1...5 {
            try client.xadd("ticks", id: StreamID(4, UInt64(sequence)), fields: [StreamField("d", "\(sequence)")])
        }
        _ = try client.send(RedisCommand("XTRIM", "ticks", "MAXLEN", "2"))
        let info = try #require(try client.streamInfo("ticks"))
        #expect(info == StreamInfo(length: 2, lastGeneratedID: StreamID(4, 5), firstEntryID: StreamID(4, 4),
                                   lastEntryID: StreamID(4, 5), entriesAdded: 5))
        // A reader at 4-2 has missed 4-3: its id is below the first entry's predecessor.
        #expect(StreamID(4, 2) < info.firstEntryID!)
    }

    @Test func aReplyPastTheLimitsDropsTheConnection() throws {
        let server = try RedisServerProcess()
        let url = try RedisURL(server.url())
        let writer = try RedisConnection(url: url)
        _ = try writer.send(RedisCommand("SET", "big", String(repeating: "x", count: 5000)))
        let bounded = try RedisConnection(url: url, limits: RESPLimits(maximumBulkLength: 1000))
        #expect(throws: RedisError.protocolViolation(.bulkTooLong(length: 5000, limit: 1000))) {
            try bounded.get("big")
        }
        #expect(!bounded.isOpen)
    }
}
