import Codecs

/// The uncompressed bytes of one zip entry, streamed, with its size and CRC-32 checked at the end.
///
/// The checks run when the last byte has been handed out, so a consumer that reads to the end
/// (every CSV reader does) never accepts a corrupt entry.
public struct ZipEntryByteSource {
    enum Decoder {
        case stored(MemoryByteSource)
        case deflated(InflatingByteSource)
    }

    private let entry: ZipEntry
    private let archive: String
    private var decoder: Decoder
    private var crc = CRC32()
    private var produced: UInt64 = 0

    init(entry: ZipEntry, archive: String, decoder: Decoder) {
        self.entry = entry
        self.archive = archive
        self.decoder = decoder
    }

    /// Appends the next piece of the entry; returns false at its end, after verifying size and CRC-32.
    public mutating func readChecked(appendingTo buffer: inout [UInt8]) throws(ZipError) -> Bool {
        let start = buffer.count
        let more: Bool
        do {
            switch decoder {
            case .stored(var source):
                more = try source.read(appendingTo: &buffer)
                decoder = .stored(source)
            case .deflated(let inflater):
                more = try inflater.inflateNext(appendingTo: &buffer)
            }
        } catch {
            throw ZipError(archive: archive, entry: entry.name, reason: "\(error)")
        }
        let piece = buffer.count - start
        produced += UInt64(piece)
        // Checked on every piece, so a bomb stops within one piece of its declared size.
        guard produced <= entry.uncompressedSize else {
            throw ZipError(archive: archive, entry: entry.name,
                           reason: "inflates past its declared size of \(entry.uncompressedSize) bytes (a zip bomb or a corrupt header)")
        }
        buffer.withUnsafeBytes { all in crc.update(UnsafeRawBufferPointer(rebasing: all[start...])) }
        if !more {
            guard produced == entry.uncompressedSize else {
                throw ZipError(archive: archive, entry: entry.name,
                               reason: "inflated to \(produced) bytes, but the directory declares \(entry.uncompressedSize)")
            }
            guard crc.value == entry.crc32 else {
                throw ZipError(archive: archive, entry: entry.name,
                               reason: "CRC-32 mismatch: the data gives \(hex(crc.value)), the directory says \(hex(entry.crc32))")
            }
        }
        return more
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}

extension ZipEntryByteSource: ByteSource {
    public mutating func read(appendingTo buffer: inout [UInt8]) throws -> Bool {
        try readChecked(appendingTo: &buffer)
    }
}
