import CZlib

/// The one DEFLATE compressor over the system zlib: a gzip (RFC 1952) or raw (RFC 1951) stream
/// whose `z_stream` lives at a fixed address, because zlib keeps a pointer back to it.
///
/// Policy stays with the callers: permessage-deflate flushes each message and strips its tail
/// (`PerMessageDeflater`), static files and documents are gzipped once (`compressed`).
public final class Deflater {
    /// The container around the DEFLATE data.
    public enum Format: Sendable, Equatable {
        /// RFC 1952 gzip with a 32 KiB window.
        case gzip
        /// RFC 1951 raw DEFLATE with a window of 2^`windowBits` bytes (9–15).
        case raw(windowBits: Int)
    }

    /// How a call ends the data given so far.
    public enum Flush: Sendable {
        /// Everything given is emitted and byte-aligned (ending in an empty stored block); the stream goes on.
        case sync
        /// The stream ends.
        case finish
    }

    /// Why zlib refused to start a compressor (bad parameters or no memory).
    public struct StartFailure: Error, CustomStringConvertible {
        /// zlib's status code.
        public let status: Int32
        public var description: String { "zlib deflateInit2 failed with status \(status)" }
    }

    private let stream: UnsafeMutablePointer<z_stream>

    /// A compressor at `level` (0–9) using `memoryLevel` (1–9) for its state.
    public init(_ format: Format, level: Int, memoryLevel: Int) throws(StartFailure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let windowBits: Int32 = switch format {
        case .gzip: 16 + MAX_WBITS
        case .raw(let bits): -Int32(bits)
        }
        let status = deflateInit2_(stream, Int32(level), Z_DEFLATED, windowBits, Int32(memoryLevel),
                                   Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw StartFailure(status: status)
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// zlib's upper bound on the compressed size of `count` bytes compressed as one whole stream.
    public func bound(_ count: Int) -> Int {
        Int(deflateBound(stream, UInt(count)))
    }

    /// Compresses all of `input` into `output` and flushes; returns the bytes written and whether
    /// the stream ended (`.finish` only). `output` must be large enough for one call to take
    /// everything (the caller sizes it from `bound`).
    public func deflate(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer,
                        flush: Flush) -> (written: Int, ended: Bool) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.pointee.avail_in = UInt32(input.count)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(output.count)
        let status = CZlib.deflate(stream, flush == .finish ? Z_FINISH : Z_SYNC_FLUSH)
        return (output.count - Int(stream.pointee.avail_out), status == Z_STREAM_END)
    }

    /// Starts a new stream with the same parameters (a fresh window).
    public func reset() {
        deflateReset(stream)
    }

    /// `bytes` compressed as one whole stream, or nil if zlib fails.
    public static func compressed(_ bytes: [UInt8], _ format: Format, level: Int = 9, memoryLevel: Int = 9) -> [UInt8]? {
        guard let deflater = try? Deflater(format, level: level, memoryLevel: memoryLevel) else { return nil }
        var ended = false
        let output = [UInt8](unsafeUninitializedCapacity: deflater.bound(bytes.count) + 64) { buffer, initialized in
            let result = bytes.withUnsafeBytes { deflater.deflate($0, into: UnsafeMutableRawBufferPointer(buffer), flush: .finish) }
            ended = result.ended
            initialized = result.written
        }
        return ended ? output : nil
    }
}
