/// Where the central directory is and how many entries it holds, from the end-of-central-directory
/// record at the end of the archive, or its ZIP64 form when the classic fields are saturated.
struct ZipEndOfCentralDirectory {
    let entryCount: UInt64
    let centralDirectorySize: UInt64
    let centralDirectoryOffset: UInt64

    private static let signature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64RecordSignature: UInt32 = 0x0606_4B50
    private static let fixedSize: UInt64 = 22
    private static let maximumCommentLength: UInt64 = 0xFFFF

    init(_ reader: ZipByteReader) throws(ZipError) {
        let count = UInt64(reader.count)
        guard count >= Self.fixedSize else {
            throw ZipError(archive: reader.archive, reason: "too short to be a zip archive (\(count) bytes)")
        }
        // The record sits at the very end, followed only by a comment of up to 65,535 bytes;
        // search backwards for a signature whose comment length reaches exactly the end.
        let lowest = count - Self.fixedSize - min(count - Self.fixedSize, Self.maximumCommentLength)
        var found: UInt64?
        var candidate = count - Self.fixedSize
        while true {
            if try reader.uint32(at: candidate, for: "the end of central directory") == Self.signature,
               candidate + Self.fixedSize + UInt64(try reader.uint16(at: candidate + 20, for: "the archive comment length")) == count {
                found = candidate
                break
            }
            if candidate == lowest { break }
            candidate -= 1
        }
        guard let recordOffset = found else {
            throw ZipError(archive: reader.archive, reason: "no end-of-central-directory record: not a zip archive, or truncated")
        }
        let what = "the end of central directory"
        let disk = try reader.uint16(at: recordOffset + 4, for: what)
        let directoryDisk = try reader.uint16(at: recordOffset + 6, for: what)
        var entryCount = UInt64(try reader.uint16(at: recordOffset + 10, for: what))
        var size = UInt64(try reader.uint32(at: recordOffset + 12, for: what))
        var offset = UInt64(try reader.uint32(at: recordOffset + 16, for: what))
        var directoryEnd = recordOffset

        var hasLocator = false
        if recordOffset >= 20 {
            hasLocator = try reader.uint32(at: recordOffset - 20, for: "the ZIP64 locator") == Self.zip64LocatorSignature
        }
        if hasLocator {
            let recordAt = try reader.uint64(at: recordOffset - 20 + 8, for: "the ZIP64 locator")
            let what64 = "the ZIP64 end of central directory"
            guard try reader.uint32(at: recordAt, for: what64) == Self.zip64RecordSignature else {
                throw ZipError(archive: reader.archive, reason: "\(what64) at byte \(recordAt) has a bad signature")
            }
            guard try reader.uint32(at: recordAt + 16, for: what64) == 0, try reader.uint32(at: recordAt + 20, for: what64) == 0 else {
                throw ZipError(archive: reader.archive, reason: "multi-disk (spanned) archives are not supported")
            }
            entryCount = try reader.uint64(at: recordAt + 32, for: what64)
            size = try reader.uint64(at: recordAt + 40, for: what64)
            offset = try reader.uint64(at: recordAt + 48, for: what64)
            directoryEnd = recordAt
        } else {
            guard disk == 0, directoryDisk == 0 else {
                throw ZipError(archive: reader.archive, reason: "multi-disk (spanned) archives are not supported")
            }
            if entryCount == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                throw ZipError(archive: reader.archive, reason: "ZIP64 sizes are saturated but the ZIP64 locator is missing")
            }
        }
        let (directoryLast, overflow) = offset.addingReportingOverflow(size)
        guard !overflow, directoryLast <= directoryEnd else {
            throw ZipError(archive: reader.archive, reason: "the central directory (\(size) bytes at byte \(offset)) overlaps the end records or lies past them; the file is truncated or corrupt")
        }
        self.entryCount = entryCount
        centralDirectorySize = size
        centralDirectoryOffset = offset
    }
}
