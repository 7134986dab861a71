/// Builds complete server frames: header and payload in one buffer, allocated once, so the
/// event loop can hand it to the socket (or share it between connections) without copying.
public enum WebSocketFrame {
    /// An unmasked (server-to-client) frame carrying `payload`.
    public static func serverFrame(opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer,
                                   compressed: Bool = false, isFinal: Bool = true) -> [UInt8] {
        let header = WebSocketFrameHeader(isFinal: isFinal, rsv1: compressed, opcode: opcode,
                                          payloadLength: payload.count)
        var frame: [UInt8] = []
        frame.reserveCapacity(header.encodedLength + payload.count)
        header.write(into: &frame)
        frame.append(contentsOf: payload)
        return frame
    }

    /// An unmasked frame with RSV1 set carrying `payload` compressed by `deflater`, built in one
    /// allocation: the payload is compressed in place after room for the longest header, then
    /// moved down behind the real one.
    public static func compressedServerFrame(opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer,
                                             deflater: PerMessageDeflater) -> [UInt8] {
        let room = 10   // the longest unmasked header
        let bound = deflater.compressedBound(payload.count)
        return [UInt8](unsafeUninitializedCapacity: room + bound) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            let length = deflater.compress(payload, into: UnsafeMutableRawBufferPointer(rebasing: raw[room...]))
            var header: [UInt8] = []
            WebSocketFrameHeader(rsv1: true, opcode: opcode, payloadLength: length).write(into: &header)
            let payloadStart = header.count
            if payloadStart != room, length > 0 {
                (raw.baseAddress! + payloadStart).copyMemory(from: raw.baseAddress! + room, byteCount: length)
            }
            header.withUnsafeBytes { raw.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: payloadStart) }
            initialized = payloadStart + length
        }
    }

    /// An unmasked frame carrying the bytes of an array.
    public static func serverFrame(opcode: WebSocketOpcode, payload: [UInt8], compressed: Bool = false) -> [UInt8] {
        payload.withUnsafeBytes { serverFrame(opcode: opcode, payload: $0, compressed: compressed) }
    }

    /// A close frame with `code` and as much of `reason` as fits in a control frame (123 bytes,
    /// cut at a character boundary). `noStatusReceived` yields an empty close body.
    public static func closeFrame(code: WebSocketCloseCode, reason: String = "") -> [UInt8] {
        guard code != .noStatusReceived else { return serverFrame(opcode: .close, payload: []) }
        var body: [UInt8] = [UInt8(code.rawValue >> 8), UInt8(truncatingIfNeeded: code.rawValue)]
        var reasonBytes = 0
        for character in reason {
            let length = character.utf8.count
            guard reasonBytes + length <= 123 else { break }
            body.append(contentsOf: character.utf8)
            reasonBytes += length
        }
        return serverFrame(opcode: .close, payload: body)
    }
}
