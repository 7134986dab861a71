/// The fixed part of a WebSocket frame (RFC 6455 §5.2): flags, opcode, length and mask.
public struct WebSocketFrameHeader: Hashable, Sendable {
    /// FIN: this frame ends its message.
    public var isFinal: Bool
    /// RSV1: with permessage-deflate, "this message is compressed" (first frame only).
    public var rsv1: Bool
    /// RSV2, never used by any negotiated extension here.
    public var rsv2: Bool
    /// RSV3, never used by any negotiated extension here.
    public var rsv3: Bool
    /// The 4-bit opcode as received; may be a reserved value.
    public var opcodeValue: UInt8
    /// The 4-byte masking key, present in every client frame.
    public var maskingKey: WebSocketMaskingKey?
    /// The payload length declared by the header.
    public var payloadLength: UInt64

    /// The opcode, or nil when the value is reserved (3–7, B–F).
    public var opcode: WebSocketOpcode? { WebSocketOpcode(rawValue: opcodeValue) }

    /// A header for a frame of `opcode`.
    public init(isFinal: Bool = true, rsv1: Bool = false, opcode: WebSocketOpcode,
                maskingKey: WebSocketMaskingKey? = nil, payloadLength: Int) {
        self.isFinal = isFinal
        self.rsv1 = rsv1
        self.rsv2 = false
        self.rsv3 = false
        self.opcodeValue = opcode.rawValue
        self.maskingKey = maskingKey
        self.payloadLength = UInt64(payloadLength)
    }
}

extension WebSocketFrameHeader {
    /// The outcome of reading a header from the start of a buffer.
    public enum ParseResult: Equatable, Sendable {
        /// The buffer holds only part of a header; at least `needed` bytes are required.
        case incomplete(needed: Int)
        /// A complete header that occupied `length` bytes.
        case header(WebSocketFrameHeader, length: Int)
        /// The length field is not in its minimal form, or a 64-bit length has its top bit set.
        case invalidLength
    }

    /// The longest header: 2 bytes, an 8-byte extended length, a 4-byte mask.
    public static let maximumLength = 14

    /// Reads a header from the start of `bytes` without judging flags or opcodes
    /// (the state machine knows what was negotiated), but rejecting non-minimal lengths.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> ParseResult {
        guard bytes.count >= 2 else { return .incomplete(needed: 2) }
        let first = bytes[0]
        let second = bytes[1]
        let masked = second & 0x80 != 0
        let shortLength = second & 0x7F
        let lengthFieldSize = shortLength == 127 ? 8 : shortLength == 126 ? 2 : 0
        let headerLength = 2 + lengthFieldSize + (masked ? 4 : 0)
        guard bytes.count >= headerLength else { return .incomplete(needed: headerLength) }

        var payloadLength = UInt64(shortLength)
        if lengthFieldSize > 0 {
            payloadLength = 0
            for index in 2..<(2 + lengthFieldSize) {
                payloadLength = payloadLength << 8 | UInt64(bytes[index])
            }
            // RFC 6455 §5.2: "the minimal number of bytes MUST be used", and the 64-bit
            // form's most significant bit MUST be 0.
            if lengthFieldSize == 2, payloadLength < 126 { return .invalidLength }
            if lengthFieldSize == 8, payloadLength <= 0xFFFF || payloadLength >> 63 != 0 { return .invalidLength }
        }
        var maskingKey: WebSocketMaskingKey?
        if masked {
            let offset = 2 + lengthFieldSize
            maskingKey = WebSocketMaskingKey(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
        }
        var header = WebSocketFrameHeader(isFinal: first & 0x80 != 0, rsv1: first & 0x40 != 0, opcode: .continuation,
                                          maskingKey: maskingKey, payloadLength: 0)
        header.rsv2 = first & 0x20 != 0
        header.rsv3 = first & 0x10 != 0
        header.opcodeValue = first & 0x0F
        header.payloadLength = payloadLength
        return .header(header, length: headerLength)
    }

    /// The number of bytes `write(into:)` appends.
    public var encodedLength: Int {
        let lengthField = payloadLength < 126 ? 0 : payloadLength <= 0xFFFF ? 2 : 8
        return 2 + lengthField + (maskingKey == nil ? 0 : 4)
    }

    /// Appends the header in its minimal encoding.
    public func write(into buffer: inout [UInt8]) {
        var first = opcodeValue & 0x0F
        if isFinal { first |= 0x80 }
        if rsv1 { first |= 0x40 }
        if rsv2 { first |= 0x20 }
        if rsv3 { first |= 0x10 }
        buffer.append(first)
        let maskBit: UInt8 = maskingKey == nil ? 0 : 0x80
        if payloadLength < 126 {
            buffer.append(maskBit | UInt8(payloadLength))
        } else if payloadLength <= 0xFFFF {
            buffer.append(maskBit | 126)
            buffer.append(UInt8(payloadLength >> 8))
            buffer.append(UInt8(truncatingIfNeeded: payloadLength))
        } else {
            buffer.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                buffer.append(UInt8(truncatingIfNeeded: payloadLength >> UInt64(shift)))
            }
        }
        if let maskingKey {
            buffer.append(contentsOf: maskingKey.bytes)
        }
    }
}
