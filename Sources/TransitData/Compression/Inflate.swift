import CZlib
import Foundation

/// Decompression of DEFLATE streams through the system zlib.
///
/// Foundation on Linux reads neither gzip nor zip, so every compressed input
/// (gzipped feeds, `.txt.gz` tables, zip entries) passes through here.
public enum Inflate {
    /// The container around the DEFLATE data.
    public enum Format: Sendable {
        /// RFC 1952 gzip (feeds and `.txt.gz` files); concatenated members are read in turn.
        case gzip
        /// RFC 1951 raw DEFLATE (zip entries with method 8).
        case raw
    }

    /// Why a stream could not be inflated.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// What went wrong, in words.
        public let description: String
    }

    /// Whether `data` starts with the gzip magic bytes `1f 8b`.
    public static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// Inflates `data` completely.
    ///
    /// - Parameter limit: the largest output accepted; a stream that would inflate past it
    ///   fails instead of exhausting memory (a compression bomb).
    public static func decompress(_ data: Data, format: Format, limit: Int = 1 << 30) throws(Failure) -> Data {
        var stream = z_stream()
        let windowBits: Int32 = format == .gzip ? 16 + MAX_WBITS : -MAX_WBITS
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(description: "zlib could not start an inflater")
        }
        defer { inflateEnd(&stream) }

        var output = Data()
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let input = [UInt8](data)
        var consumed = 0
        var finished = false

        while !finished {
            let status: Int32 = input.withUnsafeBufferPointer { inputBuffer in
                chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress.map { $0 + consumed })
                    stream.avail_in = UInt32(input.count - consumed)
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = UInt32(chunkSize)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    consumed = input.count - Int(stream.avail_in)
                    return status
                }
            }
            let produced = chunkSize - Int(stream.avail_out)
            if output.count + produced > limit {
                throw Failure(description: "inflated data exceeds the limit of \(limit) bytes")
            }
            output.append(contentsOf: chunk[0..<produced])

            switch status {
            case Z_STREAM_END:
                // A gzip file may hold several members back to back (`cat a.gz b.gz`).
                if format == .gzip, consumed < input.count, isGzip(Data(input[consumed...])) {
                    inflateReset(&stream)
                } else {
                    finished = true
                }
            case Z_OK:
                continue
            case Z_BUF_ERROR where produced == 0:
                throw Failure(description: "compressed data is truncated after \(consumed) of \(input.count) bytes")
            case Z_BUF_ERROR:
                continue
            default:
                let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
                throw Failure(description: "compressed data is corrupt at byte \(consumed): \(message)")
            }
        }
        return output
    }

    /// Returns `data` inflated when it is gzip, or unchanged otherwise.
    public static func gunzipIfNeeded(_ data: Data, limit: Int = 1 << 30) throws(Failure) -> Data {
        isGzip(data) ? try decompress(data, format: .gzip, limit: limit) : data
    }
}
