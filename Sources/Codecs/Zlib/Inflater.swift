import CZlib

/// The one DEFLATE decompressor over the system zlib, with its output bounded as it inflates:
/// each call asks zlib for at most one byte past the caller's budget, so refusing a compression
/// bomb costs the budget's worth of work, never the bomb's. The `z_stream` lives at a fixed
/// address, because zlib keeps a pointer back to it.
///
/// Policy stays with the callers: permessage-deflate feeds each message's stripped tail back
/// (`PerMessageInflater`); files are read piece by piece, gzip members in turn (`InflatingByteSource`).
public final class Inflater {
    /// The container around the DEFLATE data.
    public enum Format: Sendable, Equatable {
        /// RFC 1952 gzip.
        case gzip
        /// RFC 1951 raw DEFLATE from a compressor with at most a 2^`windowBits` window (9–15).
        case raw(windowBits: Int)
    }

    /// Why inflating stopped.
    public enum Failure: Error, Equatable {
        /// The output would pass the caller's budget.
        case tooLarge
        /// The data is not valid DEFLATE, in zlib's words.
        case corrupt(String)
    }

    /// What one call did.
    public struct Step: Equatable, Sendable {
        /// Input bytes zlib took.
        public var consumed: Int
        /// Output bytes appended.
        public var produced: Int
        /// The compressed stream ended (a final block, or a gzip member's trailer).
        public var ended: Bool
        /// zlib filled all the room it was given, so more output may be waiting.
        public var filled: Bool

        /// False when zlib could do nothing more with what it was given (it needs more input).
        public var progressed: Bool { consumed > 0 || produced > 0 || ended }
    }

    private let stream: UnsafeMutablePointer<z_stream>
    private var scratch: [UInt8]

    /// An inflater producing at most `pieceSize` bytes per call; nil if zlib cannot start one.
    public init?(_ format: Format, pieceSize: Int = 16 * 1024) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        scratch = [UInt8](repeating: 0, count: max(1, pieceSize))
        let windowBits: Int32 = switch format {
        case .gzip: 16 + MAX_WBITS
        case .raw(let bits): -Int32(bits)
        }
        guard inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            return nil
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Bytes zlib has produced since the stream last started or reset: the work done.
    public var bytesInflated: Int { Int(stream.pointee.total_out) }

    /// Inflates from the start of `input` once and appends what zlib produced to `output`:
    /// at most a piece, and nothing at all (`tooLarge`) when it would be more than `budget` bytes.
    public func inflate(_ input: UnsafeRawBufferPointer, appendingTo output: inout [UInt8],
                        budget: Int) throws(Failure) -> Step {
        // One byte past the budget tells a stream that would grow beyond it from one that ends there.
        let capacity = budget < scratch.count ? max(0, budget) + 1 : scratch.count
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        let status = scratch.withUnsafeMutableBufferPointer { buffer in
            stream.pointee.next_out = buffer.baseAddress
            stream.pointee.avail_out = UInt32(capacity)
            return CZlib.inflate(stream, Z_SYNC_FLUSH)
        }
        let step = Step(consumed: input.count - Int(stream.pointee.avail_in),
                        produced: capacity - Int(stream.pointee.avail_out), ended: status == Z_STREAM_END,
                        filled: stream.pointee.avail_out == 0)
        stream.pointee.next_in = nil
        stream.pointee.avail_in = 0
        switch status {
        case Z_OK, Z_BUF_ERROR, Z_STREAM_END: break
        default: throw .corrupt(stream.pointee.msg.map { String(cString: $0) } ?? "zlib status \(status)")
        }
        guard step.produced <= budget else { throw .tooLarge }
        output.append(contentsOf: scratch[0..<step.produced])
        return step
    }

    /// Starts a new stream with the same parameters.
    public func reset() {
        inflateReset(stream)
    }
}
