import Codecs
import Foundation

/// Builds small zip archives byte by byte for the reader's tests, in the layouts writers use:
/// stored or deflated entries, sizes in a trailing data descriptor (streaming writers), and
/// ZIP64 records (forced, as writers do for large archives or when streaming unknown sizes).
struct ZipFixture {
    struct Entry {
        var name: String
        var contents: Data
        var deflated = true
        var dataDescriptor = false
    }

    var entries: [Entry]
    var zip64 = false
    var comment = Data()

    /// The archive's bytes.
    func build() -> Data {
        var archive = Data()
        var central = Data()
        for entry in entries {
            let stored = entry.deflated ? Self.rawDeflate(entry.contents) : entry.contents
            let crc = Self.crc32(entry.contents)
            let nameBytes = Data(entry.name.utf8)
            let flags: UInt16 = (entry.dataDescriptor ? 0x0008 : 0) | 0x0800
            let method: UInt16 = entry.deflated ? 8 : 0
            let headerOffset = UInt64(archive.count)
            let saturated: UInt32 = 0xFFFF_FFFF

            // Local header: with a data descriptor the CRC and sizes are left zero here.
            var local = Data()
            local.appendLittleEndian(UInt32(0x0403_4B50))
            local.appendLittleEndian(UInt16(zip64 ? 45 : 20))
            local.appendLittleEndian(flags)
            local.appendLittleEndian(method)
            local.appendLittleEndian(UInt32(0))  // time and date
            local.appendLittleEndian(entry.dataDescriptor ? 0 : crc)
            var localExtra = Data()
            if zip64 {
                local.appendLittleEndian(saturated)
                local.appendLittleEndian(saturated)
                localExtra.appendLittleEndian(UInt16(1))
                localExtra.appendLittleEndian(UInt16(16))
                localExtra.appendLittleEndian(entry.dataDescriptor ? 0 : UInt64(entry.contents.count))
                localExtra.appendLittleEndian(entry.dataDescriptor ? 0 : UInt64(stored.count))
            } else {
                local.appendLittleEndian(entry.dataDescriptor ? 0 : UInt32(stored.count))
                local.appendLittleEndian(entry.dataDescriptor ? 0 : UInt32(entry.contents.count))
            }
            local.appendLittleEndian(UInt16(nameBytes.count))
            local.appendLittleEndian(UInt16(localExtra.count))
            archive += local + nameBytes + localExtra + stored
            if entry.dataDescriptor {
                archive.appendLittleEndian(UInt32(0x0807_4B50))
                archive.appendLittleEndian(crc)
                if zip64 {
                    archive.appendLittleEndian(UInt64(stored.count))
                    archive.appendLittleEndian(UInt64(entry.contents.count))
                } else {
                    archive.appendLittleEndian(UInt32(stored.count))
                    archive.appendLittleEndian(UInt32(entry.contents.count))
                }
            }

            // Central directory entry: ZIP64 saturates sizes and offset and moves them to the extra field.
            var centralExtra = Data()
            if zip64 {
                centralExtra.appendLittleEndian(UInt16(1))
                centralExtra.appendLittleEndian(UInt16(24))
                centralExtra.appendLittleEndian(UInt64(entry.contents.count))
                centralExtra.appendLittleEndian(UInt64(stored.count))
                centralExtra.appendLittleEndian(headerOffset)
            }
            central.appendLittleEndian(UInt32(0x0201_4B50))
            central.appendLittleEndian(UInt16(zip64 ? 45 : 20))
            central.appendLittleEndian(UInt16(zip64 ? 45 : 20))
            central.appendLittleEndian(flags)
            central.appendLittleEndian(method)
            central.appendLittleEndian(UInt32(0))
            central.appendLittleEndian(crc)
            central.appendLittleEndian(zip64 ? saturated : UInt32(stored.count))
            central.appendLittleEndian(zip64 ? saturated : UInt32(entry.contents.count))
            central.appendLittleEndian(UInt16(nameBytes.count))
            central.appendLittleEndian(UInt16(centralExtra.count))
            central.appendLittleEndian(UInt16(0))  // comment
            central.appendLittleEndian(UInt16(0))  // disk
            central.appendLittleEndian(UInt16(0))  // internal attributes
            central.appendLittleEndian(UInt32(0))  // external attributes
            central.appendLittleEndian(zip64 ? saturated : UInt32(headerOffset))
            central += nameBytes + centralExtra
        }
        let centralOffset = UInt64(archive.count)
        archive += central
        if zip64 {
            let recordOffset = UInt64(archive.count)
            archive.appendLittleEndian(UInt32(0x0606_4B50))
            archive.appendLittleEndian(UInt64(44))
            archive.appendLittleEndian(UInt16(45))
            archive.appendLittleEndian(UInt16(45))
            archive.appendLittleEndian(UInt32(0))
            archive.appendLittleEndian(UInt32(0))
            archive.appendLittleEndian(UInt64(entries.count))
            archive.appendLittleEndian(UInt64(entries.count))
            archive.appendLittleEndian(UInt64(central.count))
            archive.appendLittleEndian(centralOffset)
            archive.appendLittleEndian(UInt32(0x0706_4B50))
            archive.appendLittleEndian(UInt32(0))
            archive.appendLittleEndian(recordOffset)
            archive.appendLittleEndian(UInt32(1))
        }
        archive.appendLittleEndian(UInt32(0x0605_4B50))
        archive.appendLittleEndian(UInt16(0))
        archive.appendLittleEndian(UInt16(0))
        archive.appendLittleEndian(zip64 ? UInt16(0xFFFF) : UInt16(entries.count))
        archive.appendLittleEndian(zip64 ? UInt16(0xFFFF) : UInt16(entries.count))
        archive.appendLittleEndian(zip64 ? UInt32(0xFFFF_FFFF) : UInt32(central.count))
        archive.appendLittleEndian(zip64 ? UInt32(0xFFFF_FFFF) : UInt32(centralOffset))
        archive.appendLittleEndian(UInt16(comment.count))
        archive += comment
        return archive
    }

    /// The CRC-32 of `data`, from zlib.
    static func crc32(_ data: Data) -> UInt32 {
        CRC32.checksum([UInt8](data))
    }

    /// Raw DEFLATE (no zlib or gzip wrapper), as zip method 8 stores it.
    static func rawDeflate(_ input: Data) -> Data {
        Data(Deflater.compressed([UInt8](input), .raw(windowBits: 15), level: 9, memoryLevel: 8)!)
    }
}

extension Data {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
