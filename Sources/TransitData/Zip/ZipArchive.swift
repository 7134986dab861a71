import Foundation

/// A zip archive read through its central directory (APPNOTE.TXT 6.3), the way agencies publish GTFS.
///
/// Opening parses the end-of-central-directory record (and its ZIP64 form where the sizes or
/// counts need it) and every central directory entry; entries are then read on demand through
/// `byteSource(for:limit:)` (streamed) or `contents(of:limit:)` (whole). Every offset and size
/// from the file is bounds-checked, every inflated entry is size-limited and CRC-32 verified.
public struct ZipArchive: Sendable {
    /// The archive's name, used in error messages.
    public let name: String
    /// The entries in central-directory order.
    public let entries: [ZipEntry]
    /// Where the central directory starts; entry data must end before it.
    let centralDirectoryOffset: UInt64
    let bytes: Data

    /// Reads the central directory of the archive in `data` (which may be memory-mapped).
    public init(data: Data, name: String) throws(ZipError) {
        self.name = name
        self.bytes = data
        let reader = ZipByteReader(data: data, archive: name)
        let end = try ZipEndOfCentralDirectory(reader)
        centralDirectoryOffset = end.centralDirectoryOffset
        entries = try Self.readCentralDirectory(reader, end)
    }

    /// Opens the zip file at `url`, mapping it into memory rather than reading it.
    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url, options: .alwaysMapped)
        try self.init(data: data, name: url.lastPathComponent)
    }

    /// The entry whose path is `path`, or nil.
    public func entry(named path: String) -> ZipEntry? {
        entries.first { $0.name == path }
    }

    private static let centralEntrySignature: UInt32 = 0x0201_4B50
    private static let zip64ExtraFieldID: UInt16 = 0x0001

    private static func readCentralDirectory(_ reader: ZipByteReader, _ end: ZipEndOfCentralDirectory) throws(ZipError) -> [ZipEntry] {
        try reader.require(end.centralDirectoryOffset, end.centralDirectorySize, for: "the central directory")
        // Each entry takes at least 46 bytes, so a count that cannot fit is rejected before reserving space for it.
        guard end.entryCount <= end.centralDirectorySize / 46 else {
            throw ZipError(archive: reader.archive, reason: "the central directory claims \(end.entryCount) entries but has room for \(end.centralDirectorySize / 46)")
        }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(end.entryCount))
        var offset = end.centralDirectoryOffset
        let directoryEnd = end.centralDirectoryOffset + end.centralDirectorySize
        for number in 0..<end.entryCount {
            let what = "central directory entry \(number + 1)"
            guard offset + 46 <= directoryEnd else {
                throw ZipError(archive: reader.archive, reason: "\(what) at byte \(offset) lies outside the central directory")
            }
            guard try reader.uint32(at: offset, for: what) == centralEntrySignature else {
                throw ZipError(archive: reader.archive, reason: "\(what) at byte \(offset) has a bad signature")
            }
            let flags = try reader.uint16(at: offset + 8, for: what)
            let method = try reader.uint16(at: offset + 10, for: what)
            let crc = try reader.uint32(at: offset + 16, for: what)
            var compressedSize = UInt64(try reader.uint32(at: offset + 20, for: what))
            var uncompressedSize = UInt64(try reader.uint32(at: offset + 24, for: what))
            let nameLength = UInt64(try reader.uint16(at: offset + 28, for: what))
            let extraLength = UInt64(try reader.uint16(at: offset + 30, for: what))
            let commentLength = UInt64(try reader.uint16(at: offset + 32, for: what))
            var localHeaderOffset = UInt64(try reader.uint32(at: offset + 42, for: what))
            let recordLength = 46 + nameLength + extraLength + commentLength
            guard offset + recordLength <= directoryEnd else {
                throw ZipError(archive: reader.archive, reason: "\(what) at byte \(offset) runs past the end of the central directory")
            }
            let nameBytes = try reader.bytes(at: offset + 46, count: nameLength, for: what)
            let name = String(decoding: nameBytes, as: UTF8.self)

            // ZIP64: the extra field holds, in this order, each 32-bit value that was saturated.
            let extra = ZipExtraFields(try reader.bytes(at: offset + 46 + nameLength, count: extraLength, for: what))
            if let zip64 = extra.field(zip64ExtraFieldID) {
                var cursor = zip64.startIndex
                func next() throws(ZipError) -> UInt64 {
                    guard cursor + 8 <= zip64.endIndex else {
                        throw ZipError(archive: reader.archive, entry: name, reason: "the ZIP64 extra field is too short")
                    }
                    let value = (0..<8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(zip64[cursor + $1]) }
                    cursor += 8
                    return value
                }
                if uncompressedSize == 0xFFFF_FFFF { uncompressedSize = try next() }
                if compressedSize == 0xFFFF_FFFF { compressedSize = try next() }
                if localHeaderOffset == 0xFFFF_FFFF { localHeaderOffset = try next() }
            }
            entries.append(ZipEntry(name: name, method: ZipEntry.Method(code: method), flags: flags, crc32: crc,
                                    compressedSize: compressedSize, uncompressedSize: uncompressedSize,
                                    localHeaderOffset: localHeaderOffset))
            offset += recordLength
        }
        return entries
    }
}

/// The extra-field block of a zip header: records of (id, length, data).
struct ZipExtraFields {
    let bytes: Data

    init(_ bytes: Data) {
        self.bytes = bytes
    }

    /// The data of the first record with `id`, or nil; a malformed block yields nil for every id.
    func field(_ id: UInt16) -> Data? {
        var cursor = bytes.startIndex
        while cursor + 4 <= bytes.endIndex {
            let fieldID = UInt16(bytes[cursor]) | UInt16(bytes[cursor + 1]) << 8
            let length = Int(bytes[cursor + 2]) | Int(bytes[cursor + 3]) << 8
            let start = cursor + 4
            guard start + length <= bytes.endIndex else { return nil }
            if fieldID == id { return bytes[start..<(start + length)] }
            cursor = start + length
        }
        return nil
    }
}
