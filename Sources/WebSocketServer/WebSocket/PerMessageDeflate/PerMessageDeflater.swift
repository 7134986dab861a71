import CZlib

/// A raw-DEFLATE compressor producing permessage-deflate payloads (RFC 7692 §7.2.1).
///
/// Each message is flushed with `Z_SYNC_FLUSH` and the trailing empty stored block
/// `00 00 ff ff` is removed, as the RFC requires. With context takeover the LZ77 window
/// carries over to the next message; without it the stream is reset after every message,
/// which makes each compressed message independent (and therefore shareable between
/// connections). The z_stream lives at a fixed address because zlib keeps a pointer to it.
public final class PerMessageDeflater {
    private let stream: UnsafeMutablePointer<z_stream>
    private let resetsAfterEachMessage: Bool

    /// Why zlib refused to start a compressor (bad parameters or no memory).
    public struct StartFailure: Error, CustomStringConvertible {
        /// zlib's status code.
        public let status: Int32
        public var description: String { "zlib deflateInit2 failed with status \(status)" }
    }

    /// A compressor with a `windowBits` (9–15) window.
    public init(windowBits: Int, memoryLevel: Int, compressionLevel: Int, contextTakeover: Bool) throws(StartFailure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        resetsAfterEachMessage = !contextTakeover
        let status = deflateInit2_(stream, Int32(compressionLevel), Z_DEFLATED, -Int32(windowBits),
                                   Int32(memoryLevel), Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw StartFailure(status: status)
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// An upper bound on the bytes `compress` produces for `count` input bytes: zlib's bound for
    /// a whole stream plus room for the sync flush (its empty stored block and alignment).
    public func compressedBound(_ count: Int) -> Int {
        Int(deflateBound(stream, UInt(count))) + 64
    }

    /// Compresses `payload` into `buffer` (at least `compressedBound(payload.count)` bytes) and
    /// returns the compressed length, without the `00 00 ff ff` tail.
    public func compress(_ payload: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        precondition(buffer.count >= compressedBound(payload.count), "output buffer below compressedBound")
        stream.pointee.next_in = UnsafeMutablePointer(mutating: payload.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(payload.count)
        stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(buffer.count)
        // With the whole input and a buffer over the bound, one call consumes and flushes everything.
        _ = deflate(stream, Z_SYNC_FLUSH)
        var length = buffer.count - Int(stream.pointee.avail_out)
        // Z_SYNC_FLUSH always ends with an empty stored block; RFC 7692 §7.2.1 strips it.
        if length >= 4, buffer[length - 4] == 0x00, buffer[length - 3] == 0x00,
           buffer[length - 2] == 0xFF, buffer[length - 1] == 0xFF {
            length -= 4
        }
        if resetsAfterEachMessage {
            deflateReset(stream)
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
