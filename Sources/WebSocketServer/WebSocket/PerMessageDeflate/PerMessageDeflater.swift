import Codecs

/// A raw-DEFLATE compressor producing permessage-deflate payloads (RFC 7692 §7.2.1).
///
/// Each message is flushed with a sync flush and the trailing empty stored block
/// `00 00 ff ff` is removed, as the RFC requires. With context takeover the LZ77 window
/// carries over to the next message; without it the stream is reset after every message,
/// which makes each compressed message independent (and therefore shareable between
/// connections). The compressing itself is the shared `Deflater`.
public final class PerMessageDeflater {
    private let deflater: Deflater
    private let resetsAfterEachMessage: Bool

    /// A compressor with a `windowBits` (9–15) window.
    public init(windowBits: Int, memoryLevel: Int, compressionLevel: Int, contextTakeover: Bool) throws(Deflater.StartFailure) {
        deflater = try Deflater(.raw(windowBits: windowBits), level: compressionLevel, memoryLevel: memoryLevel)
        resetsAfterEachMessage = !contextTakeover
    }

    /// An upper bound on the bytes `compress` produces for `count` input bytes: zlib's bound for
    /// a whole stream plus room for the sync flush (its empty stored block and alignment).
    public func compressedBound(_ count: Int) -> Int {
        deflater.bound(count) + 64
    }

    /// Compresses `payload` into `buffer` (at least `compressedBound(payload.count)` bytes) and
    /// returns the compressed length, without the `00 00 ff ff` tail.
    public func compress(_ payload: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= compressedBound(payload.count), "output buffer below compressedBound")
        // With the whole input and a buffer over the bound, one call consumes and flushes everything.
        var length = deflater.deflate(payload, into: buffer, flush: .sync).written
        // A sync flush always ends with an empty stored block; RFC 7692 §7.2.1 strips it.
        if length >= 4, buffer[length - 4] == 0x00, buffer[length - 3] == 0x00,
           buffer[length - 2] == 0xFF, buffer[length - 1] == 0xFF {
            length -= 4
        }
        if resetsAfterEachMessage {
            deflater.reset()
        }
        return length
    }

    /// Appends the compressed form of `payload` to `output`, without the `00 00 ff ff` tail.
    public func compress(_ payload: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) {
        let bound = compressedBound(payload.count)
        let compressed = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            initialized = compress(payload, into: UnsafeMutableRawBufferPointer(buffer))
        }
        output.append(contentsOf: compressed)
    }

    /// Compresses the bytes of an array.
    public func compress(_ payload: [UInt8], appendingTo output: inout [UInt8]) {
        payload.withUnsafeBytes { compress($0, appendingTo: &output) }
    }
}
