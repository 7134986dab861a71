import Codecs
import Foundation

/// A `ByteSource` that inflates compressed bytes piece by piece, so a large `.txt.gz` table or
/// zip entry is parsed without ever holding its inflated form whole. The inflating itself is
/// the shared `Inflater`, which stops at the limit as it inflates (a compression bomb fails
/// after at most the limit's worth of work).
public final class InflatingByteSource {
    private let input: Data
    private let format: Inflate.Format
    private let limit: Int
    private let inflater: Inflater
    private var consumed = 0
    private var produced = 0
    private var finished = false

    /// Prepares to inflate `compressed`; `limit` caps the inflated size (a compression bomb fails instead).
    public init(_ compressed: Data, format: Inflate.Format, limit: Int = 1 << 30, pieceSize: Int = 256 * 1024) throws(Inflate.Failure) {
        self.input = compressed
        self.format = format
        self.limit = limit
        guard let inflater = Inflater(format == .gzip ? .gzip : .raw(windowBits: 15), pieceSize: pieceSize) else {
            throw Inflate.Failure(description: "zlib could not start an inflater")
        }
        self.inflater = inflater
    }

    /// Appends the next inflated piece to `buffer`; returns false once the compressed stream has ended.
    public func inflateNext(appendingTo buffer: inout [UInt8]) throws(Inflate.Failure) -> Bool {
        guard !finished else { return false }
        let start = buffer.count
        // Loop until zlib produced something, so an empty piece never looks like the end.
        while buffer.count == start && !finished {
            let attempt = input.withUnsafeBytes { bytes in
                Result { () throws(Inflater.Failure) in
                    try inflater.inflate(UnsafeRawBufferPointer(rebasing: bytes[consumed...]), appendingTo: &buffer,
                                         budget: limit - produced)
                }
            }
            let step: Inflater.Step
            switch attempt {
            case .success(let success): step = success
            case .failure(.tooLarge):
                throw Inflate.Failure(description: "inflated data exceeds the limit of \(limit) bytes")
            case .failure(.corrupt(let message)):
                throw Inflate.Failure(description: "compressed data is corrupt at byte \(consumed): \(message)")
            }
            consumed += step.consumed
            produced += step.produced
            if step.ended {
                // A gzip file may hold several members back to back (`cat a.gz b.gz`).
                if format == .gzip, consumed < input.count, Inflate.isGzip(input.suffix(from: input.startIndex + consumed)) {
                    inflater.reset()
                } else {
                    finished = true
                }
            } else if !step.progressed {
                throw Inflate.Failure(description: "compressed data is truncated after \(consumed) of \(input.count) bytes")
            }
        }
        return buffer.count > start
    }
}

extension InflatingByteSource: ByteSource {
    public func read(appendingTo buffer: inout [UInt8]) throws -> Bool {
        try inflateNext(appendingTo: &buffer)
    }
}
