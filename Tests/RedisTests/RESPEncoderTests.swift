import Redis
import Testing

@Suite struct RESPEncoderTests {
    @Test func commandsAreArraysOfBulkStrings() {
        var output: [UInt8] = []
        RESPEncoder.encode(RedisCommand("SET", "key", ""), into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$0\r\n\r\n")
    }

    @Test func argumentsAreBinarySafeAndRoundTrip() throws {
        // CR, LF, NUL and bytes that are not UTF-8 travel as data.
        let binary: [UInt8] = [0, 13, 10, 0xFF, 0xFE, 36, 42, 13, 10]
        var command = RedisCommand("XADD", "s")
        command.append(binary)
        command.append(-42)
        command.append("é")
        let pipeline = RESPEncoder.encode([command, RedisCommand("PING")])
        var decoder = RESPDecoder()
        try decoder.append(pipeline)
        #expect(try decoder.next() == .array([.bulkString("XADD"), .bulkString("s"), .bulkString(binary),
                                              .bulkString("-42"), .bulkString("é")]))
        #expect(try decoder.next() == .array([.bulkString("PING")]))
        #expect(decoder.isIdle)
    }

    @Test func descriptionNamesTheCommandNotItsArguments() {
        #expect(RedisCommand("auth", "user", "hunter2").description == "AUTH (2 arguments)")
        #expect(!RedisCommand("AUTH", "hunter2").description.contains("hunter2"))
    }

    @Test func streamAndLeaseCommandsHaveTheDocumentedShape() {
        func words(_ command: RedisCommand) -> [String] {
            command.arguments.map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(words(.xadd("t", id: StreamID(7, 3), fields: [StreamField("board", "{}")], maximumLength: 600))
                == ["XADD", "t", "MAXLEN", "~", "600", "7-3", "board", "{}"])
        #expect(words(.xadd("t", id: StreamID(7, 0), fields: [StreamField("d", "x")])) == ["XADD", "t", "7-0", "d", "x"])
        #expect(words(.xread("t", after: StreamID(7, 3), count: 10, block: .milliseconds(1500)))
                == ["XREAD", "COUNT", "10", "BLOCK", "1500", "STREAMS", "t", "7-3"])
        // A block of a fraction of a millisecond is not BLOCK 0, which would wait for ever.
        #expect(words(.xread("t", after: .zero, block: .microseconds(10))) == ["XREAD", "BLOCK", "1", "STREAMS", "t", "0-0"])
        #expect(words(.xrevrange("t", from: nil, to: nil, count: 1)) == ["XREVRANGE", "t", "+", "-", "COUNT", "1"])
        #expect(words(.xrange("t", from: StreamID(1, 0), to: nil)) == ["XRANGE", "t", "1-0", "+"])
        #expect(words(.acquireLease("l", owner: "a", ttl: .seconds(3))) == ["SET", "l", "a", "NX", "PX", "3000"])
        #expect(Array(words(.renewLease("l", owner: "a", ttl: .seconds(3))).suffix(4)) == ["1", "l", "a", "3000"])
        #expect(Array(words(.releaseLease("l", owner: "a")).suffix(3)) == ["1", "l", "a"])
        #expect(Array(words(.acquireTerm(lease: "l", owner: "a", ttl: .seconds(3), term: "n", stream: "t")).suffix(6))
                == ["3", "l", "n", "t", "a", "3000"])
    }
}
