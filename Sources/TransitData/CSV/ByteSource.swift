import Foundation

/// A stream of bytes read in pieces, so that a large table never has to be held whole.
///
/// CSV readers pull from one of these; the bytes may come from memory (a mapped file),
/// from an inflater working through a `.txt.gz` file, or from a zip entry.
public protocol ByteSource {
    /// Appends the next piece of the stream to `buffer` and returns false once the stream has ended.
    mutating func read(appendingTo buffer: inout [UInt8]) throws -> Bool
}

/// Bytes already in memory (or mapped from a file), handed out a piece at a time.
public struct MemoryByteSource: ByteSource {
    private let data: Data
    private var offset: Int
    private let pieceSize: Int

    /// Streams `data` in pieces of at most `pieceSize` bytes.
    public init(_ data: Data, pieceSize: Int = 256 * 1024) {
        self.data = data
        self.offset = data.startIndex
        self.pieceSize = max(1, pieceSize)
    }

    public mutating func read(appendingTo buffer: inout [UInt8]) throws -> Bool {
        guard offset < data.endIndex else { return false }
        let end = min(data.endIndex, offset + pieceSize)
        let range = (offset - data.startIndex)..<(end - data.startIndex)
        data.withUnsafeBytes { bytes in
            buffer.append(contentsOf: bytes[range])
        }
        offset = end
        return true
    }
}

/// Any `ByteSource`, so readers over different kinds of files share one concrete type.
public struct AnyByteSource: ByteSource {
    private var base: any ByteSource

    /// Wraps `base`.
    public init(_ base: any ByteSource) {
        self.base = base
    }

    public mutating func read(appendingTo buffer: inout [UInt8]) throws -> Bool {
        try base.read(appendingTo: &buffer)
    }
}
