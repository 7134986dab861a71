import Glibc
import WebSocketServer

/// One load-generating WebSocket client connection, without I/O: bytes in, frames to send
/// and measurements out. It offers permessage-deflate, subscribes once the handshake is
/// done, inflates what it receives and reads each message's `ts` for latency. An echoing
/// client answers every message with a new timestamped one, for round-trip measurements.
struct LoadClient {
    enum Phase { case connecting, handshaking, open, closed }

    /// What one received message contributes to the figures.
    struct Received {
        var wireBytes: Int
        var type: Substring
        /// The message's `ts` (ms), when it has one.
        var timestamp: Int64?
    }

    private(set) var phase = Phase.connecting
    private var input: [UInt8] = []
    private var inflater: PerMessageInflater?
    private let subscribe: [UInt8]
    private let host: String
    private let echoes: Bool

    init(host: String, subscribe: String, echoes: Bool = false) {
        self.host = host
        self.subscribe = Array(subscribe.utf8)
        self.echoes = echoes
    }

    /// The upgrade request, offering permessage-deflate as browsers do.
    mutating func handshake() -> [UInt8] {
        phase = .handshaking
        return Array(("GET /ws HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n").utf8)
    }

    /// Consumes bytes read from the socket; returns bytes to send and the messages completed.
    mutating func receive(_ bytes: UnsafeRawBufferPointer, into received: inout [Received]) -> [UInt8] {
        input.append(contentsOf: bytes)
        var reply: [UInt8] = []
        if phase == .handshaking {
            guard let end = Self.headerEnd(input) else { return reply }
            let head = String(decoding: input[..<end], as: UTF8.self)
            input.removeSubrange(..<(end + 4))
            guard head.hasPrefix("HTTP/1.1 101") else {
                phase = .closed
                return reply
            }
            if head.lowercased().contains("permessage-deflate") {
                inflater = PerMessageInflater(windowBits: 15, contextTakeover: !head.lowercased().contains("server_no_context_takeover"))
            }
            phase = .open
            reply += Self.maskedFrame(opcode: 1, payload: subscribe)
        }
        var offset = 0
        while phase == .open, let frame = Self.frame(in: input, at: offset) {
            let payload = input[frame.payload]
            switch frame.opcode {
            case 1, 2, 0:
                var text: [UInt8] = []
                if frame.compressed, let inflater {
                    payload.withUnsafeBytes { try? inflater.inflate($0, appendingTo: &text, limit: 1 << 24) }
                    try? inflater.finishMessage(appendingTo: &text, limit: 1 << 24)
                } else {
                    text = Array(payload)
                }
                received.append(Self.describe(text, wireBytes: frame.end - offset))
                if echoes {
                    reply += Self.maskedFrame(opcode: 1, payload: Array(#"{"type":"echo","ts":\#(LoadWindow.wallMilliseconds())}"#.utf8))
                }
            case 9:
                reply += Self.maskedFrame(opcode: 10, payload: Array(payload))
            case 8:
                phase = .closed
            default:
                break
            }
            offset = frame.end
        }
        input.removeSubrange(..<offset)
        return reply
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func frame(in bytes: [UInt8], at start: Int) -> (opcode: UInt8, compressed: Bool, payload: Range<Int>, end: Int)? {
        guard bytes.count - start >= 2 else { return nil }
        var length = Int(bytes[start + 1] & 0x7f)
        var header = 2
        if length == 126 {
            guard bytes.count - start >= 4 else { return nil }
            length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
            header = 4
        } else if length == 127 {
            guard bytes.count - start >= 10 else { return nil }
            length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[start + 2 + $1]) }
            header = 10
        }
        guard bytes.count - start >= header + length else { return nil }
        let payload = (start + header)..<(start + header + length)
        return (bytes[start] & 0x0f, bytes[start] & 0x40 != 0, payload, payload.upperBound)
    }

    /// A client frame: always masked (RFC 6455 §5.3).
    static func maskedFrame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        }
        let mask: [UInt8] = [0x37, 0xfa, 0x21, 0x3d]
        frame += mask
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
        return frame
    }

    /// Reads `type` and the message's own `ts` from the head of the JSON (the server writes
    /// them before any vehicle, whose `ts` members come later).
    private static func describe(_ text: [UInt8], wireBytes: Int) -> Received {
        let head = String(decoding: text.prefix(160), as: UTF8.self)
        var type: Substring = ""
        if let range = head.range(of: "\"type\":\"") {
            type = head[range.upperBound...].prefix { $0 != "\"" }
        }
        var timestamp: Int64?
        if let range = head.range(of: "\"ts\":") {
            timestamp = Int64(head[range.upperBound...].prefix { $0.isNumber })
        }
        return Received(wireBytes: wireBytes, type: type, timestamp: timestamp)
    }
}
