/// RFC 3986 percent-decoding of path segments and query components.
enum PercentDecoding {
    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`, for query strings).
    /// Returns nil for a malformed escape or bytes that are not UTF-8.
    static func decode<S: StringProtocol>(_ text: S, plusIsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(0x20)
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
