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
        let source = try InflatingByteSource(data, format: format, limit: limit, pieceSize: 64 * 1024)
        var output: [UInt8] = []
        while try source.inflateNext(appendingTo: &output) {}
        return Data(output)
    }

    /// Returns `data` inflated when it is gzip, or unchanged otherwise.
    public static func gunzipIfNeeded(_ data: Data, limit: Int = 1 << 30) throws(Failure) -> Data {
        isGzip(data) ? try decompress(data, format: .gzip, limit: limit) : data
    }
}
