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

    /// Appends the compressed form of `payload` to `output`, without the `00 00 ff ff` tail.
    public func compress(_ payload: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) {
        let start = output.count
        stream.pointee.next_in = UnsafeMutablePointer(mutating: payload.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(payload.count)
        // deflateBound covers a whole stream; a sync-flushed message needs at most that plus the flush marker.
        var chunk = Int(deflateBound(stream, UInt(payload.count))) + 16
        while true {
            let before = output.count
            output.append(contentsOf: repeatElement(0, count: chunk))
            let produced: Int = output.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress! + before
                stream.pointee.avail_out = UInt32(chunk)
                _ = deflate(stream, Z_SYNC_FLUSH)
                return chunk - Int(stream.pointee.avail_out)
            }
            output.removeLast(chunk - produced)
            // Output stops short of the buffer only when zlib has flushed everything.
            if stream.pointee.avail_out != 0 { break }
            chunk = max(chunk, 4096)
        }
        // Z_SYNC_FLUSH always ends with an empty stored block; RFC 7692 §7.2.1 strips it.
        if output.count - start >= 4, Array(output[(output.count - 4)...]) == [0x00, 0x00, 0xFF, 0xFF] {
            output.removeLast(4)
        }
        if resetsAfterEachMessage {
            deflateReset(stream)
        }
    }

    /// Compresses the bytes of an array.
    public func compress(_ payload: [UInt8], appendingTo output: inout [UInt8]) {
        payload.withUnsafeBytes { compress($0, appendingTo: &output) }
    }
}
