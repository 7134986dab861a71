import Testing
import WebSocketServer

@Suite struct WebSocketFrameHeaderTests {
    private func parse(_ bytes: [UInt8]) -> WebSocketFrameHeader.ParseResult {
        bytes.withUnsafeBytes { WebSocketFrameHeader.parse($0) }
    }

    @Test func roundTripsEveryLengthForm() {
        for length in [0, 1, 125, 126, 127, 65_535, 65_536, 16 << 20] {
            for masked in [false, true] {
                let header = WebSocketFrameHeader(isFinal: length % 2 == 0, rsv1: masked, opcode: .binary,
                                                  maskingKey: masked ? WebSocketClientFrames.key : nil,
                                                  payloadLength: length)
                var bytes: [UInt8] = []
                header.write(into: &bytes)
                #expect(bytes.count == header.encodedLength)
                #expect(parse(bytes) == .header(header, length: bytes.count))
            }
        }
    }

    @Test func reportsHowManyBytesAreMissing() {
        #expect(parse([]) == .incomplete(needed: 2))
        #expect(parse([0x81]) == .incomplete(needed: 2))
        #expect(parse([0x81, 0xFE, 0x01]) == .incomplete(needed: 8))     // 16-bit length + mask
        #expect(parse([0x82, 0x7F, 0, 0, 0]) == .incomplete(needed: 10)) // 64-bit length, unmasked
    }

    @Test func rejectsNonMinimalLengths() {
        #expect(parse([0x82, 0x7E, 0x00, 0x7D]) == .invalidLength)                     // 125 in 16 bits
        #expect(parse([0x82, 0x7F, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]) == .invalidLength)   // 65535 in 64 bits
        #expect(parse([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0]) == .invalidLength)      // most significant bit set
    }

    @Test func readsFlagsAndReservedOpcodesVerbatim() {
        guard case .header(let header, _) = parse([0x73, 0x00]) else {
            Issue.record("no header")
            return
        }
        #expect(!header.isFinal && header.rsv1 && header.rsv2 && header.rsv3 && header.opcodeValue == 3)
        #expect(header.opcode == nil)
    }

    @Test func maskingIsItsOwnInverseAtAnyOffset() {
        let original: [UInt8] = Array(0..<37)
        for offset in 0..<4 {
            var bytes = original
            bytes.withUnsafeMutableBytes { WebSocketClientFrames.key.apply(to: $0, payloadOffset: offset) }
            #expect(bytes != original)
            // Unmasking in two pieces must line the key up across the split.
            bytes.withUnsafeMutableBytes { all in
                WebSocketClientFrames.key.apply(to: UnsafeMutableRawBufferPointer(rebasing: all[..<13]), payloadOffset: offset)
                WebSocketClientFrames.key.apply(to: UnsafeMutableRawBufferPointer(rebasing: all[13...]), payloadOffset: offset + 13)
            }
            #expect(bytes == original)
        }
    }
}
