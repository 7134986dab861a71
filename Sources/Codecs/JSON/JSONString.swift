/// The one JSON string escaper (RFC 8259 §7): quotes, backslashes and control characters
/// escaped, everything else (UTF-8 included) as is. `JSONWriter` writes every string through it,
/// and so do the few JSON bodies and log lines the transport writes without a writer.
public enum JSONString {
    /// Appends `text` quoted to `bytes`.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5c, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5c, 0x5c])
            case 0x0a: bytes.append(contentsOf: [0x5c, UInt8(ascii: "n")])
            case 0x0d: bytes.append(contentsOf: [0x5c, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5c, UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: [0x5c, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xf)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` as a quoted JSON string literal.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
