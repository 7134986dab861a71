import Foundation

/// Little-endian integers read from an archive at absolute offsets, every read bounds-checked.
///
/// Offsets come from the archive itself and may be anything, so nothing here traps: a read past
/// the end throws a `ZipError` naming the structure that was being read.
struct ZipByteReader {
    let data: Data
    let archive: String

    /// The number of bytes in the archive.
    var count: Int { data.count }

    /// Checks that `length` bytes starting at `offset` lie inside the archive.
    func require(_ offset: UInt64, _ length: UInt64, for what: String) throws(ZipError) {
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= UInt64(data.count) else {
            throw ZipError(archive: archive, reason: "\(what) at byte \(offset) runs past the end of the archive (\(data.count) bytes); the file is truncated or corrupt")
        }
    }

    /// The unsigned little-endian integer of `width` bytes at `offset`.
    private func integer(at offset: UInt64, width: Int, for what: String) throws(ZipError) -> UInt64 {
        try require(offset, UInt64(width), for: what)
        let start = data.startIndex + Int(offset)
        var value: UInt64 = 0
        for byteIndex in (0..<width).reversed() {
            value = value << 8 | UInt64(data[start + byteIndex])
        }
        return value
    }

    func uint16(at offset: UInt64, for what: String) throws(ZipError) -> UInt16 {
        UInt16(try integer(at: offset, width: 2, for: what))
    }

    func uint32(at offset: UInt64, for what: String) throws(ZipError) -> UInt32 {
        UInt32(try integer(at: offset, width: 4, for: what))
    }

    func uint64(at offset: UInt64, for what: String) throws(ZipError) -> UInt64 {
        try integer(at: offset, width: 8, for: what)
    }

    /// `length` bytes at `offset`.
    func bytes(at offset: UInt64, count length: UInt64, for what: String) throws(ZipError) -> Data {
        try require(offset, length, for: what)
        let start = data.startIndex + Int(offset)
        return data[start..<(start + Int(length))]
    }
}
