import CZlib
import Foundation

/// A `ByteSource` that inflates compressed bytes piece by piece, so a large `.txt.gz` table or
/// zip entry is parsed without ever holding its inflated form whole.
///
/// The zlib stream lives behind a pointer that never moves: zlib keeps a pointer back to it
/// and refuses to continue if the structure is copied elsewhere.
public final class InflatingByteSource {
    private let input: Data
    private let format: Inflate.Format
    private let limit: Int
    private let stream: UnsafeMutablePointer<z_stream>
    private var consumed = 0
    private var produced = 0
    private var finished = false
    private let pieceSize: Int
    /// zlib writes here; each piece is then appended to the caller's buffer.
    private var scratch: [UInt8]

    /// Prepares to inflate `compressed`; `limit` caps the inflated size (a compression bomb fails instead).
    public init(_ compressed: Data, format: Inflate.Format, limit: Int = 1 << 30, pieceSize: Int = 256 * 1024) throws(Inflate.Failure) {
        self.input = compressed
        self.format = format
        self.limit = limit
        self.pieceSize = max(1, pieceSize)
        scratch = [UInt8](repeating: 0, count: self.pieceSize)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let windowBits: Int32 = format == .gzip ? 16 + MAX_WBITS : -MAX_WBITS
        guard inflateInit2_(stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw Inflate.Failure(description: "zlib could not start an inflater")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Appends the next inflated piece to `buffer`; returns false once the compressed stream has ended.
    public func inflateNext(appendingTo buffer: inout [UInt8]) throws(Inflate.Failure) -> Bool {
        guard !finished else { return false }
        var status: Int32 = Z_OK
        var written = 0
        // Loop until zlib produced something, so an empty piece never looks like the end.
        while written == 0 && !finished {
            status = input.withUnsafeBytes { (inputBytes: UnsafeRawBufferPointer) -> Int32 in
                scratch.withUnsafeMutableBufferPointer { outputBuffer in
                    let base = inputBytes.bindMemory(to: UInt8.self).baseAddress
                    stream.pointee.next_in = UnsafeMutablePointer(mutating: base.map { $0 + consumed })
                    stream.pointee.avail_in = UInt32(input.count - consumed)
                    stream.pointee.next_out = outputBuffer.baseAddress
                    stream.pointee.avail_out = UInt32(pieceSize)
                    let status = inflate(stream, Z_NO_FLUSH)
                    consumed = input.count - Int(stream.pointee.avail_in)
                    written = pieceSize - Int(stream.pointee.avail_out)
                    return status
                }
            }
            switch status {
            case Z_STREAM_END:
                // A gzip file may hold several members back to back (`cat a.gz b.gz`).
                if format == .gzip, consumed < input.count, Inflate.isGzip(input.suffix(from: input.startIndex + consumed)) {
                    inflateReset(stream)
                } else {
                    finished = true
                }
            case Z_OK:
                break
            case Z_BUF_ERROR:
                if written == 0 {
                    throw Inflate.Failure(description: "compressed data is truncated after \(consumed) of \(input.count) bytes")
                }
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Inflate.Failure(description: "compressed data is corrupt at byte \(consumed): \(message)")
            }
        }
        buffer.append(contentsOf: scratch[0..<written])
        produced += written
        if produced > limit {
            throw Inflate.Failure(description: "inflated data exceeds the limit of \(limit) bytes")
        }
        return written > 0
    }
}

extension InflatingByteSource: ByteSource {
    public func read(appendingTo buffer: inout [UInt8]) throws -> Bool {
        try inflateNext(appendingTo: &buffer)
    }
}
