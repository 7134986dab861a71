/// SHA-1 (FIPS 180-4 §6.1), used only to compute `Sec-WebSocket-Accept` (RFC 6455 §4.2.2).
///
/// Foundation on Linux has no digest API and the package may not depend on a crypto library;
/// the handshake hashes 60 bytes per connection, so a straightforward implementation suffices.
/// SHA-1 is not used for anything security-sensitive here: RFC 6455 uses it only to prove
/// that the server understood the WebSocket handshake.
public struct SHA1: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var block: [UInt8] = []
    private var totalLength: UInt64 = 0

    /// A hasher with the initial hash value H(0).
    public init() {
        block.reserveCapacity(64)
    }

    /// The 20-byte digest of `bytes`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA1()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Appends `bytes` to the message being hashed.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            block.append(byte)
            totalLength &+= 1
            if block.count == 64 {
                compressBlock()
                block.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Pads the message (a 1 bit, zeros, the 64-bit bit length) and returns the digest.
    public consuming func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        block.append(0x80)
        if block.count > 56 {
            block.append(contentsOf: repeatElement(0, count: 64 - block.count))
            compressBlock()
            block.removeAll(keepingCapacity: true)
        }
        block.append(contentsOf: repeatElement(0, count: 56 - block.count))
        for shift in stride(from: 56, through: 0, by: -8) {
            block.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        compressBlock()
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest.append(contentsOf: [UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                                       UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word)])
        }
        return digest
    }

    /// Processes the 64 bytes in `block` (FIPS 180-4 §6.1.2).
    private mutating func compressBlock() {
        var schedule = [UInt32](repeating: 0, count: 80)
        for index in 0..<16 {
            schedule[index] = UInt32(block[index * 4]) << 24 | UInt32(block[index * 4 + 1]) << 16
                | UInt32(block[index * 4 + 2]) << 8 | UInt32(block[index * 4 + 3])
        }
        for index in 16..<80 {
            let mixed = schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16]
            schedule[index] = mixed.rotatedLeft(by: 1)
        }
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let function: UInt32
            let constant: UInt32
            switch index {
            case 0..<20:
                function = (b & c) | (~b & d)
                constant = 0x5A82_7999
            case 20..<40:
                function = b ^ c ^ d
                constant = 0x6ED9_EBA1
            case 40..<60:
                function = (b & c) | (b & d) | (c & d)
                constant = 0x8F1B_BCDC
            default:
                function = b ^ c ^ d
                constant = 0xCA62_C1D6
            }
            let temporary = a.rotatedLeft(by: 5) &+ function &+ e &+ constant &+ schedule[index]
            e = d
            d = c
            c = b.rotatedLeft(by: 30)
            b = a
            a = temporary
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}

extension UInt32 {
    /// Circular left shift, ROTL^n(x) in FIPS 180-4 §3.2.
    fileprivate func rotatedLeft(by count: UInt32) -> UInt32 {
        (self << count) | (self >> (32 - count))
    }
}
