import CZlib

/// The CRC-32 of the bytes seen so far (ISO 3309, as zip and gzip use it), from zlib.
public struct CRC32: Equatable, Sendable {
    public private(set) var value: UInt32 = 0

    public init() {}

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        value = UInt32(truncatingIfNeeded: crc32(UInt(value), base.assumingMemoryBound(to: UInt8.self), UInt32(bytes.count)))
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc = CRC32()
        bytes.withUnsafeBytes { crc.update($0) }
        return crc.value
    }
}
