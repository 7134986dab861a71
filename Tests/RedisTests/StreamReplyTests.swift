import Redis
import Testing

/// Reading replies into stream and lease types, with replies written by hand in Redis 7.0's shapes.
@Suite struct StreamReplyTests {
    @Test func streamIDsParseCompareAndPrint() {
        #expect(StreamID("5-12") == StreamID(5, 12))
        #expect(StreamID("5") == StreamID(5, 0))
        #expect(StreamID("18446744073709551615-18446744073709551615") == StreamID(.max, .max))
        for bad in ["", "-", "5-", "-1", "a-1", "1-b", "1-2-3", "+1-2", "18446744073709551616-0", "１-2"] {
            #expect(StreamID(bad) == nil, "\(bad)")
        }
        #expect(StreamID(4, 99) < StreamID(5, 0))
        #expect(StreamID(5, 1) > StreamID(5, 0))
        #expect(StreamID(12, 3).description == "12-3")
    }

    @Test func theFencingRefusalIsATypedError() throws {
        let refusal = "ERR The ID specified in XADD is equal or smaller than the target stream top item"
        #expect(throws: RedisError.fenced(refusal)) { try RESPValue.error(refusal).checked() }
        #expect(throws: RedisError.server("WRONGTYPE x")) { try RESPValue.error("WRONGTYPE x").checked() }
        #expect(try RESPValue.integer(1).checked() == .integer(1))
        #expect(!RedisError.fenced(refusal).losesConnection && RedisError.timedOut.losesConnection)
    }
}
