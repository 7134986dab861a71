@testable import Codecs
import Testing

/// The one deflater and inflater: both containers round-trip, the budget holds while inflating,
/// and damaged streams fail in words.
@Suite struct ZlibTests {
    static let text = Array(String(repeating: "the quick brown fox jumps over the lazy dog 0123456789 ", count: 200).utf8)

    /// Inflates all of `compressed` in pieces, as the callers do, within `budget`.
    func inflateAll(_ compressed: [UInt8], _ format: Inflater.Format, budget: Int = 1 << 20) throws -> [UInt8] {
        let inflater = Inflater(format, pieceSize: 1000)!
        var output: [UInt8] = []
        var offset = 0
        while true {
            let step = try compressed.withUnsafeBytes { bytes in
                try inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[offset...]), appendingTo: &output,
                                     budget: budget - output.count)
            }
            offset += step.consumed
            if step.ended || !step.progressed { return output }
        }
    }

    @Test(arguments: [Deflater.Format.gzip, .raw(windowBits: 15), .raw(windowBits: 9)])
    func aWholeStreamRoundTrips(format: Deflater.Format) throws {
        let compressed = try #require(Deflater.compressed(Self.text, format))
        #expect(compressed.count < Self.text.count / 10)
        let inflaterFormat: Inflater.Format = format == .gzip ? .gzip : .raw(windowBits: 15)
        #expect(try inflateAll(compressed, inflaterFormat) == Self.text)
        if format == .gzip { #expect(Array(compressed.prefix(2)) == [0x1f, 0x8b]) }
    }

    @Test func aSyncFlushEndsByteAlignedInAnEmptyStoredBlockAndTheStreamGoesOn() throws {
        let deflater = try Deflater(.raw(windowBits: 15), level: 6, memoryLevel: 8)
        var buffer = [UInt8](repeating: 0, count: deflater.bound(Self.text.count) + 64)
        let first = Self.text.withUnsafeBytes { input in
            buffer.withUnsafeMutableBytes { deflater.deflate(input, into: $0, flush: .sync) }
        }
        #expect(!first.ended && Array(buffer[first.written - 4..<first.written]) == [0x00, 0x00, 0xff, 0xff])
        let inflater = try #require(Inflater(.raw(windowBits: 15)))
        var output: [UInt8] = []
        var offset = 0
        while offset < first.written {
            let step = try buffer.withUnsafeBytes {
                try inflater.inflate(UnsafeRawBufferPointer(rebasing: $0[offset..<first.written]), appendingTo: &output,
                                     budget: 1 << 20)
            }
            offset += step.consumed
            #expect(!step.ended)
        }
        #expect(output == Self.text)
    }

    @Test func aBombStopsAtOneBytePastTheBudget() throws {
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        let bomb = try #require(Deflater.compressed(zeros, .raw(windowBits: 15)))
        #expect(bomb.count < 8 * 1024)
        let inflater = try #require(Inflater(.raw(windowBits: 15), pieceSize: 64 * 1024))
        var output: [UInt8] = []
        var failure: Inflater.Failure?
        var offset = 0
        while failure == nil {
            do {
                let step = try bomb.withUnsafeBytes {
                    try inflater.inflate(UnsafeRawBufferPointer(rebasing: $0[offset...]), appendingTo: &output,
                                         budget: 100_000 - output.count)
                }
                offset += step.consumed
            } catch let error as Inflater.Failure { failure = error }
        }
        #expect(failure == .tooLarge)
        #expect(output.count <= 100_000 && inflater.bytesInflated <= 100_001)
    }

    @Test func aStreamEndingExactlyAtTheBudgetFits() throws {
        let compressed = try #require(Deflater.compressed(Self.text, .gzip))
        #expect(try inflateAll(compressed, .gzip, budget: Self.text.count) == Self.text)
        #expect(throws: Inflater.Failure.tooLarge) { try inflateAll(compressed, .gzip, budget: Self.text.count - 1) }
    }

    @Test func garbageIsCorruptAndATruncatedStreamStopsWithoutEnding() throws {
        #expect(throws: Inflater.Failure.corrupt("invalid block type")) {
            try inflateAll([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff], .gzip)
        }
        let compressed = try #require(Deflater.compressed(Self.text, .gzip))
        let inflater = try #require(Inflater(.gzip))
        var output: [UInt8] = []
        let cut = Array(compressed.prefix(compressed.count / 2))
        var offset = 0
        var last = Inflater.Step(consumed: 0, produced: 0, ended: false, filled: false)
        repeat {
            last = try cut.withUnsafeBytes {
                try inflater.inflate(UnsafeRawBufferPointer(rebasing: $0[offset...]), appendingTo: &output, budget: 1 << 20)
            }
            offset += last.consumed
        } while last.progressed
        #expect(!last.ended && offset == cut.count && output.count < Self.text.count)
    }

    @Test func crc32MatchesTheCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        var crc = CRC32()
        Array("1234".utf8).withUnsafeBytes { crc.update($0) }
        Array("56789".utf8).withUnsafeBytes { crc.update($0) }
        #expect(crc.value == 0xCBF4_3926 && CRC32.checksum([]) == 0)
    }
}
