/// One file in a zip archive, as its central directory describes it.
public struct ZipEntry: Hashable, Sendable {
    /// How the entry's bytes are stored.
    public enum Method: Hashable, Sendable {
        /// 0: the bytes as they are.
        case stored
        /// 8: raw DEFLATE.
        case deflated
        /// Anything else (bzip2, LZMA, …), which this reader declines.
        case other(UInt16)

        init(code: UInt16) {
            switch code {
            case 0: self = .stored
            case 8: self = .deflated
            default: self = .other(code)
            }
        }
    }

    /// The path inside the archive, e.g. `stops.txt` or `gtfs/stops.txt`.
    public let name: String
    /// The compression method.
    public let method: Method
    /// The general-purpose flags (bit 0 encrypted, bit 3 data descriptor, bit 11 UTF-8 name).
    public let flags: UInt16
    /// The CRC-32 of the uncompressed bytes.
    public let crc32: UInt32
    /// The size of the stored (compressed) bytes.
    public let compressedSize: UInt64
    /// The size once inflated.
    public let uncompressedSize: UInt64
    /// Where the entry's local header starts.
    public let localHeaderOffset: UInt64

    /// Whether the entry is a folder rather than a file.
    public var isDirectory: Bool { name.hasSuffix("/") }
    /// Whether the entry is encrypted (not supported).
    public var isEncrypted: Bool { flags & 0x0001 != 0 }
    /// Whether sizes and CRC follow the data in a data descriptor (the central directory has them too).
    public var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
}
