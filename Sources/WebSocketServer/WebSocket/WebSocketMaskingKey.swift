/// The 32-bit key a client XORs over every frame payload it sends (RFC 6455 §5.3).
public struct WebSocketMaskingKey: Hashable, Sendable {
    /// The key as four bytes, in wire order.
    public let bytes: [UInt8]

    /// A key from its four wire bytes.
    public init(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8) {
        bytes = [first, second, third, fourth]
    }

    /// XORs the key over `buffer`, whose first byte sits at `offset` within the frame payload;
    /// masking is its own inverse, so this both masks and unmasks.
    public func apply(to buffer: UnsafeMutableRawBufferPointer, payloadOffset offset: Int) {
        let count = buffer.count
        guard count > 0 else { return }
        // The key rotated so that its first byte lines up with buffer[0], repeated to 64 bits.
        var rotated: UInt32 = 0
        for index in 0..<4 {
            rotated |= UInt32(bytes[(offset + index) & 3]) << (8 * UInt32(index))
        }
        let wide = UInt64(rotated) | UInt64(rotated) << 32
        let wideBytes = Swift.withUnsafeBytes(of: wide.littleEndian) { Array($0) }
        var index = 0
        while index + 8 <= count {
            let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            buffer.storeBytes(of: word ^ wide.littleEndian, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            buffer[index] ^= wideBytes[index & 7]
            index += 1
        }
    }
}
