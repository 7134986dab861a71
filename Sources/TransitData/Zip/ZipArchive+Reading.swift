import Foundation

/// Reading an entry's bytes: locating them behind the local header and choosing how to decode them.
extension ZipArchive {
    private static let localHeaderSignature: UInt32 = 0x0403_4B50

    /// A stream of the entry's uncompressed bytes, checked for size and CRC-32 as it ends.
    ///
    /// - Parameter limit: the largest uncompressed size accepted; an entry declaring more fails
    ///   at once, and one inflating past its declared size (a zip bomb) fails as soon as it does.
    public func byteSource(for entry: ZipEntry, limit: Int = 1 << 30) throws(ZipError) -> ZipEntryByteSource {
        let fail = { (reason: String) in ZipError(archive: name, entry: entry.name, reason: reason) }
        guard !entry.isEncrypted else { throw fail("encrypted entries are not supported") }
        guard entry.uncompressedSize <= UInt64(max(0, limit)) else {
            throw fail("declares \(entry.uncompressedSize) bytes uncompressed, more than the limit of \(limit)")
        }
        let reader = ZipByteReader(data: bytes, archive: name)
        let header = entry.localHeaderOffset
        let what = "the local header of \(entry.name)"
        guard try reader.uint32(at: header, for: what) == Self.localHeaderSignature else {
            throw fail("no local header at byte \(header)")
        }
        let localMethod = try reader.uint16(at: header + 8, for: what)
        guard ZipEntry.Method(code: localMethod) == entry.method else {
            throw fail("the local header's compression method \(localMethod) differs from the central directory's")
        }
        let nameLength = UInt64(try reader.uint16(at: header + 26, for: what))
        let extraLength = UInt64(try reader.uint16(at: header + 28, for: what))
        // Both headers must name the same file, or the directory points at someone else's data.
        let localName = try reader.bytes(at: header + 30, count: nameLength, for: what)
        guard localName.elementsEqual(entry.name.utf8) else {
            throw fail("the local header at byte \(header) names '\(String(decoding: localName, as: UTF8.self))'")
        }
        let dataStart = header + 30 + nameLength + extraLength
        let (dataEnd, overflow) = dataStart.addingReportingOverflow(entry.compressedSize)
        guard !overflow, dataEnd <= centralDirectoryOffset else {
            throw fail("its \(entry.compressedSize) bytes of data at byte \(dataStart) run into the central directory or past the end; the file is truncated or corrupt")
        }
        let stored = try reader.bytes(at: dataStart, count: entry.compressedSize, for: "the data of \(entry.name)")
        switch entry.method {
        case .stored:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw fail("a stored entry's sizes differ (\(entry.compressedSize) stored, \(entry.uncompressedSize) declared)")
            }
            return ZipEntryByteSource(entry: entry, archive: name, decoder: .stored(MemoryByteSource(stored)))
        case .deflated:
            do {
                let inflater = try InflatingByteSource(stored, format: .raw, limit: .max)
                return ZipEntryByteSource(entry: entry, archive: name, decoder: .deflated(inflater))
            } catch {
                throw fail(error.description)
            }
        case .other(let code):
            throw fail("compression method \(code) is not supported (only stored and deflated)")
        }
    }

    /// The entry's uncompressed bytes, whole (for small tables; stream large ones with `byteSource`).
    public func contents(of entry: ZipEntry, limit: Int = 1 << 30) throws(ZipError) -> Data {
        var source = try byteSource(for: entry, limit: limit)
        var output: [UInt8] = []
        output.reserveCapacity(Int(entry.uncompressedSize))
        while try source.readChecked(appendingTo: &output) {}
        return Data(output)
    }
}
