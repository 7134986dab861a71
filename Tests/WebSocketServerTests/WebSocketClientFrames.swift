import WebSocketServer

/// Builds frames the way a client sends them (masked), and reads server frames back, so the
/// state machine can be driven with exact bytes.
enum WebSocketClientFrames {
    static let key = WebSocketMaskingKey(0x37, 0xFA, 0x21, 0x3D)

    /// A masked client frame; every flag and the opcode value can be set, even invalid ones.
    static func frame(opcode: UInt8, payload: [UInt8], isFinal: Bool = true, rsv1: Bool = false,
                      rsv2: Bool = false, rsv3: Bool = false, masked: Bool = true) -> [UInt8] {
        var header = WebSocketFrameHeader(isFinal: isFinal, rsv1: rsv1, opcode: .text,
                                          maskingKey: masked ? key : nil, payloadLength: payload.count)
        header.opcodeValue = opcode
        header.rsv2 = rsv2
        header.rsv3 = rsv3
        var bytes: [UInt8] = []
        header.write(into: &bytes)
        var body = payload
        if masked {
            body.withUnsafeMutableBytes { key.apply(to: $0, payloadOffset: 0) }
        }
        return bytes + body
    }

    static func text(_ string: String, isFinal: Bool = true) -> [UInt8] {
        frame(opcode: 0x1, payload: Array(string.utf8), isFinal: isFinal)
    }

    static func close(code: UInt16, reason: [UInt8] = []) -> [UInt8] {
        frame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + reason)
    }

    /// A server frame split into header and payload, for assertions.
    struct ServerFrame: Equatable {
        var header: WebSocketFrameHeader
        var payload: [UInt8]
    }

    static func parseServerFrames(_ bytes: [UInt8]) -> [ServerFrame] {
        var frames: [ServerFrame] = []
        var index = 0
        while index < bytes.count {
            let result = bytes[index...].withUnsafeBytes { WebSocketFrameHeader.parse($0) }
            guard case .header(let header, let length) = result else { break }
            let start = index + length
            let end = start + Int(header.payloadLength)
            frames.append(ServerFrame(header: header, payload: Array(bytes[start..<end])))
            index = end
        }
        return frames
    }
}

extension [WebSocketEvent] {
    /// The messages among the events.
    var messages: [WebSocketMessage] {
        compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    /// Every frame the server was asked to send.
    var sentFrames: [WebSocketClientFrames.ServerFrame] {
        flatMap { event -> [WebSocketClientFrames.ServerFrame] in
            if case .send(let bytes) = event { WebSocketClientFrames.parseServerFrames(bytes) } else { [] }
        }
    }

    /// The close code of the final `closeConnection`, if any.
    var closeCode: UInt16? {
        for event in self {
            if case .closeConnection(let code, _) = event { return code.rawValue }
        }
        return nil
    }

    /// The status code carried by the close frame the server sent, if any.
    var sentCloseCode: UInt16? {
        guard let close = sentFrames.first(where: { $0.header.opcode == .close }) else { return nil }
        guard close.payload.count >= 2 else { return 1005 }
        return UInt16(close.payload[0]) << 8 | UInt16(close.payload[1])
    }
}
