import Redis
import Testing
import TransitData

/// The decoder alone: every RESP2 type, every split, and every bound, without a socket.
@Suite struct RESPDecoderTests {
    /// One of each type, nested, as a server would send it, with the values it must decode to.
    static let sample: [UInt8] = Array(("+OK\r\n-ERR wrong\r\n:0\r\n:-9223372036854775808\r\n:9223372036854775807\r\n"
        + "$5\r\nhe\r\no\r\n$0\r\n\r\n$-1\r\n*-1\r\n*0\r\n*3\r\n:1\r\n*2\r\n$1\r\na\r\n$-1\r\n+x\r\n").utf8)
    static let sampleValues: [RESPValue] = [
        .simpleString("OK"), .error("ERR wrong"), .integer(0), .integer(.min), .integer(.max),
        .bulkString(Array("he\r\no".utf8)), .bulkString([]), .bulkString(nil), .array(nil), .array([]),
        .array([.integer(1), .array([.bulkString("a"), .bulkString(nil)]), .simpleString("x")]),
    ]

    static func decodeAll(_ chunks: [ArraySlice<UInt8>], limits: RESPLimits = RESPLimits()) throws -> [RESPValue] {
        var decoder = RESPDecoder(limits: limits)
        var values: [RESPValue] = []
        for chunk in chunks {
            try decoder.append(chunk)
            while let value = try decoder.next() { values.append(value) }
        }
        return values
    }

    @Test func decodesEveryTypeInOneChunk() throws {
        #expect(try Self.decodeAll([Self.sample[...]]) == Self.sampleValues)
    }

    @Test func splitAtEveryByteBoundaryDecodesTheSame() throws {
        for split in 0...Self.sample.count {
            let values = try Self.decodeAll([Self.sample[..<split], Self.sample[split...]])
            #expect(values == Self.sampleValues, "split at \(split)")
        }
        let oneByteAtATime = Self.sample.indices.map { Self.sample[$0...$0] }
        #expect(try Self.decodeAll(oneByteAtATime) == Self.sampleValues)
    }

    @Test func truncatedInputYieldsNothingAndNoError() throws {
        // Every strict prefix of one value is "not yet": no value, no error, and the rest completes it.
        let value: [UInt8] = Array("*2\r\n$3\r\nabc\r\n*1\r\n:42\r\n".utf8)
        for cut in 0..<value.count {
            var decoder = RESPDecoder()
            try decoder.append(value[..<cut])
            #expect(try decoder.next() == nil, "prefix of \(cut) bytes")
            #expect(!decoder.isIdle || cut == 0)
            try decoder.append(value[cut...])
            #expect(try decoder.next() == .array([.bulkString("abc"), .array([.integer(42)])]))
            #expect(decoder.isIdle)
        }
    }

    @Test(arguments: [
        ("?x\r\n", RESPDecodingError.invalidType(UInt8(ascii: "?"))),
        ("\r\n", .invalidType(UInt8(ascii: "\r"))),
        (":12a\r\n", .invalidInteger), (":\r\n", .invalidInteger), (":-\r\n", .invalidInteger),
        (":+1\r\n", .invalidInteger), (":99999999999999999999\r\n", .invalidInteger),
        (":9223372036854775808\r\n", .invalidInteger),
        ("$-2\r\n", .invalidLength(-2)), ("*-5\r\n", .invalidLength(-5)),
        ("+OK\rX", .invalidLineEnd), ("+OK\n", .invalidLineEnd),
        ("$3\r\nabcde\r\n", .missingBulkTerminator), ("$3\r\nabc\n\r", .missingBulkTerminator),
    ])
    func garbageIsRefused(input: String, expected: RESPDecodingError) throws {
        var decoder = RESPDecoder()
        try decoder.append(Array(input.utf8))
        #expect(throws: expected) { try decoder.next() }
        // Poisoned: the framing is lost, so nothing more is accepted.
        #expect(throws: expected) { try decoder.append(Array("+OK\r\n".utf8)) }
        #expect(throws: expected) { try decoder.next() }
    }

    @Test func oversizedValuesAreRefusedFromTheirHeader() throws {
        let limits = RESPLimits(maximumBulkLength: 10, maximumArrayCount: 3, maximumDepth: 8, maximumLineLength: 8,
                                maximumBufferedBytes: 1 << 20)
        func refusal(_ text: String) -> RESPDecodingError? {
            var decoder = RESPDecoder(limits: limits)
            do {
                try decoder.append(Array(text.utf8))
                _ = try decoder.next()
                return nil
            } catch {
                return error
            }
        }
        // The header alone is enough: the body never has to arrive.
        #expect(refusal("$11\r\n") == .bulkTooLong(length: 11, limit: 10))
        #expect(refusal("$10\r\n") == nil)
        #expect(refusal("*4\r\n") == .arrayTooLong(count: 4, limit: 3))
        #expect(refusal("*3\r\n") == nil)
        #expect(refusal("+12345678\r\n") == nil)
        #expect(refusal("+123456789\r\n") == .lineTooLong(limit: 8))
        // A line that never ends is refused once it is longer than the limit, not buffered for ever.
        #expect(refusal("+123456789") == .lineTooLong(limit: 8))
        #expect(refusal("+12345678") == nil)
    }

    @Test func bufferedBytesAreBounded() throws {
        let limits = RESPLimits(maximumBufferedBytes: 64)
        var decoder = RESPDecoder(limits: limits)
        // An array whose decoded part and unread input together pass the limit.
        try decoder.append(Array("*100\r\n".utf8))
        #expect(try decoder.next() == nil)
        let element = Array(":1\r\n".utf8)
        var refused: RESPDecodingError?
        for _ in 0..<100 where refused == nil {
            do {
                try decoder.append(element)
                _ = try decoder.next()
            } catch {
                refused = error
            }
        }
        #expect(refused == .tooManyBufferedBytes(limit: 64))
        // A long bulk arriving in pieces is refused before the limit is passed.
        var bulk = RESPDecoder(limits: limits)
        try bulk.append(Array("$100\r\n".utf8))
        #expect(try bulk.next() == nil)
        try bulk.append([UInt8](repeating: 0x61, count: 60))
        #expect(try bulk.next() == nil)
        #expect(throws: RESPDecodingError.tooManyBufferedBytes(limit: 64)) {
            try bulk.append([UInt8](repeating: 0x61, count: 10))
        }
    }

    @Test func nestingIsBoundedAtTheConfiguredDepth() throws {
        let limits = RESPLimits(maximumDepth: 4)
        let four = String(repeating: "*1\r\n", count: 3) + "*0\r\n"
        #expect(try Self.decodeAll([Array(four.utf8)[...]], limits: limits) == [.array([.array([.array([.array([])])])])])
        let five = String(repeating: "*1\r\n", count: 4) + "*0\r\n"
        #expect(throws: RESPDecodingError.nestingTooDeep(limit: 4)) {
            try Self.decodeAll([Array(five.utf8)[...]], limits: limits)
        }
        // A null array needs no depth of its own.
        let nullInside = String(repeating: "*1\r\n", count: 4) + "*-1\r\n"
        #expect(try Self.decodeAll([Array(nullInside.utf8)[...]], limits: limits).count == 1)
    }

    @Test func pipelinedRepliesComeOutInOrderAndLargeBulksSurviveCompaction() throws {
        var text = ""
        for index in 0..<2000 { text += ":\(index)\r\n" }
        let big = [UInt8](repeating: 0x7a, count: 300_000)
        var bytes = Array(text.utf8) + Array("$\(big.count)\r\n".utf8) + big + Array("\r\n+done\r\n".utf8)
        bytes += Array("*2\r\n+a\r\n+b\r\n".utf8)
        // In 1,000-byte reads, as a socket would hand them over.
        let chunks = stride(from: 0, to: bytes.count, by: 1000).map { bytes[$0..<min($0 + 1000, bytes.count)] }
        let values = try Self.decodeAll(chunks)
        #expect(values.count == 2003)
        #expect(values[0..<2000].enumerated().allSatisfy { $0.element == .integer(Int64($0.offset)) })
        #expect(values[2000] == .bulkString(big))
        #expect(values[2001] == .simpleString("done"))
        #expect(values[2002] == .array([.simpleString("a"), .simpleString("b")]))
    }

    @Test func randomGarbageNeverCrashesAndStaysBounded() throws {
        // Seeded noise in random chunks: every outcome is a value, "not yet" or a typed error, never a trap,
        // and the decoder never holds more than its limit.
        var random = SplitMix64(seed: 21)
        let limits = RESPLimits(maximumBulkLength: 512, maximumArrayCount: 16, maximumDepth: 4, maximumLineLength: 64,
                                maximumBufferedBytes: 4096)
        let alphabet = Array("+-:$*\r\n0123456789-abc".utf8)
        for _ in 0..<500 {
            var decoder = RESPDecoder(limits: limits)
            for _ in 0..<20 {
                let chunk = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                }
                do {
                    try decoder.append(chunk)
                    while try decoder.next() != nil {}
                } catch {
                    break
                }
                #expect(decoder.bufferedByteCount <= 4096)
            }
        }
    }
}

