import Testing
@testable import WebSocketServer

@Suite struct WebSocketDeflateTests {
    private typealias Client = WebSocketClientFrames
    private let start = ContinuousClock.now
    private let parameters = PerMessageDeflateParameters(serverNoContextTakeover: true, clientNoContextTakeover: false,
                                                         serverMaxWindowBits: 12, clientMaxWindowBits: 15)

    /// Compresses like a client would (its own context, the tail stripped).
    private func clientCompress(_ messages: [[UInt8]], contextTakeover: Bool = true) throws -> [[UInt8]] {
        let deflater = try PerMessageDeflater(windowBits: 15, memoryLevel: 8, compressionLevel: 6,
                                              contextTakeover: contextTakeover)
        return messages.map { message in
            var output: [UInt8] = []
            deflater.compress(message, appendingTo: &output)
            return output
        }
    }

    private func inflateServerFrame(_ payload: [UInt8], windowBits: Int = 15) throws -> [UInt8] {
        let inflater = try #require(PerMessageInflater(windowBits: windowBits, contextTakeover: false))
        var output: [UInt8] = []
        try payload.withUnsafeBytes { try inflater.inflate($0, appendingTo: &output, limit: 1 << 24) }
        try inflater.finishMessage(appendingTo: &output, limit: 1 << 24)
        return output
    }

    @Test func compressedMessagesWithContextTakeoverAcrossMessages() throws {
        let texts = ["{\"route\":\"A\",\"stops\":[1,2,3]}", "{\"route\":\"A\",\"stops\":[1,2,3,4]}", ""]
        let compressed = try clientCompress(texts.map { Array($0.utf8) })
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
        var events: [WebSocketEvent] = []
        for payload in compressed {
            events += connection.receive(Client.frame(opcode: 0x1, payload: payload, rsv1: true), now: start)
        }
        #expect(events.messages == texts.map { .text($0) })
    }

    @Test func fragmentedCompressedMessageHasRSV1OnTheFirstFrameOnly() throws {
        let payload = try clientCompress([Array(String(repeating: "trackside ", count: 200).utf8)])[0]
        let split = payload.count / 2
        let good = Client.frame(opcode: 0x1, payload: Array(payload[..<split]), isFinal: false, rsv1: true)
            + Client.frame(opcode: 0x0, payload: Array(payload[split...]))
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
        #expect(connection.receive(good, now: start).messages == [.text(String(repeating: "trackside ", count: 200))])

        let bad = Client.frame(opcode: 0x1, payload: Array(payload[..<split]), isFinal: false, rsv1: true)
            + Client.frame(opcode: 0x0, payload: Array(payload[split...]), rsv1: true)
        var strict = WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
        #expect(strict.receive(bad, now: start).sentCloseCode == 1002)
    }

    @Test func zipBombIsStoppedAtTheDecompressedLimit() throws {
        let bomb = try clientCompress([Array(repeating: 0, count: 4 << 20)])[0]
        #expect(bomb.count < 8 * 1024)
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(maximumMessageSize: 1 << 20),
                                               compression: parameters, now: start)
        let events = connection.receive(Client.frame(opcode: 0x2, payload: bomb, rsv1: true), now: start)
        #expect(events.sentCloseCode == 1009 && events.messages.isEmpty)
    }

    /// The push route's case: 1,023 bytes that would inflate to a megabyte, against a 4,096-byte
    /// limit, cost zlib at most one byte past the limit, not its 16 KiB scratch or the megabyte.
    @Test func aBombCostsAtMostTheLimitsWorth() throws {
        let bomb = try clientCompress([Array(repeating: UInt8(ascii: "a"), count: 1_040_000)])[0]
        #expect(bomb.count < 1_100)
        let inflater = try #require(PerMessageInflater(windowBits: 15, contextTakeover: true))
        var output: [UInt8] = []
        #expect(throws: PerMessageInflater.Failure.tooLarge) {
            try bomb.withUnsafeBytes { try inflater.inflate($0, appendingTo: &output, limit: 4096) }
        }
        #expect(output.count <= 4096)
        #expect(inflater.bytesInflated <= 4097)

        // Through the state machine: refused with 1009, nothing delivered.
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(maximumMessageSize: 4096),
                                               compression: parameters, now: start)
        let events = connection.receive(Client.frame(opcode: 0x1, payload: bomb, rsv1: true), now: start)
        #expect(events.sentCloseCode == 1009 && events.messages.isEmpty)
    }

    @Test func aMessageExactlyAtTheLimitInflates() throws {
        let text = String(repeating: "x", count: 4096)
        let compressed = try clientCompress([Array(text.utf8)])[0]
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(maximumMessageSize: 4096),
                                               compression: parameters, now: start)
        #expect(connection.receive(Client.frame(opcode: 0x1, payload: compressed, rsv1: true), now: start).messages == [.text(text)])
    }

    @Test func corruptCompressedDataCloses1007() {
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
        let events = connection.receive(Client.frame(opcode: 0x2, payload: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF], rsv1: true),
                                        now: start)
        #expect(events.sentCloseCode == 1007)
    }

    @Test func compressedInvalidUTF8Is1007() throws {
        let payload = try clientCompress([[0x41, 0xC0, 0x80]])[0]
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
        #expect(connection.receive(Client.frame(opcode: 0x1, payload: payload, rsv1: true), now: start).sentCloseCode == 1007)
    }

    @Test func serverCompressesAboveTheThresholdOnly() throws {
        var connection = WebSocketStateMachine(configuration: WebSocketConfiguration(), compression: parameters, now: start)
        let smallResult = connection.frame(text: "tiny")
        let small = try #require(smallResult)
        #expect(small[0] == 0x81)   // FIN + text, RSV1 clear
        let text = String(repeating: "{\"id\":\"A_1234\",\"lat\":40.7,\"lon\":-73.9}", count: 50)
        let largeResult = connection.frame(text: text)
        let large = try #require(largeResult)
        #expect(large[0] == 0xC1)   // FIN + RSV1 + text
        let frame = try #require(WebSocketClientFrames.parseServerFrames(large).first)
        #expect(frame.payload.count < text.utf8.count / 5)
        #expect(try inflateServerFrame(frame.payload, windowBits: 12) == Array(text.utf8))
        // Without context takeover a second identical message compresses to the same bytes.
        #expect(connection.frame(text: text) == large)
    }

    @Test func inflaterAcceptsABFinalBlock() throws {
        // A client may finish its DEFLATE stream (BFINAL) instead of sync-flushing.
        let inflater = try #require(PerMessageInflater(windowBits: 15, contextTakeover: false))
        var output: [UInt8] = []
        // "hi" as a single final fixed-Huffman block (raw deflate of "hi").
        try ([0xCB, 0xC8, 0x04, 0x00] as [UInt8]).withUnsafeBytes { try inflater.inflate($0, appendingTo: &output, limit: 100) }
        try inflater.finishMessage(appendingTo: &output, limit: 100)
        #expect(output == Array("hi".utf8))
    }
}
