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
        /// Whether its `type` is `snapshot` (the answer to the subscription).
        var isSnapshot: Bool
        /// The message's `ts` (ms), when it has one.
        var timestamp: Int64?
    }

    private(set) var phase = Phase.connecting
    /// Whether the server accepted permessage-deflate in its handshake answer.
    var isCompressing: Bool { inflater != nil }
    /// The start of a frame (or of the response head) that the next read completes.
    private var pending: [UInt8] = []
    private var inflater: PerMessageInflater?
    /// Reused for every compressed message.
    private var inflated: [UInt8] = []
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

    /// Consumes bytes read from the socket; returns bytes to send and appends the messages
    /// completed. Whole frames are read in place; only a frame cut by the end of a read is copied.
    mutating func receive(_ bytes: UnsafeRawBufferPointer, into received: inout [Received]) -> [UInt8] {
        var reply: [UInt8] = []
        if pending.isEmpty, phase == .open {
            let used = consumeFrames(bytes, into: &received, reply: &reply)
            if used < bytes.count { pending.append(contentsOf: bytes[used...]) }
            return reply
        }
        var input = pending + bytes
        pending = []
        if phase == .handshaking {
            guard let end = Self.headerEnd(input) else {
                pending = input
                return reply
            }
            let head = String(decoding: input[..<end], as: UTF8.self).lowercased()
            input.removeSubrange(..<(end + 4))
            guard head.hasPrefix("http/1.1 101") else {
                phase = .closed
                return reply
            }
            if head.contains("permessage-deflate") {
                inflater = PerMessageInflater(windowBits: 15, contextTakeover: !head.contains("server_no_context_takeover"))
            }
            phase = .open
            reply += Self.maskedFrame(opcode: 1, payload: subscribe)
        }
        let used = input.withUnsafeBytes { consumeFrames($0, into: &received, reply: &reply) }
        pending = Array(input[used...])
        return reply
    }

    /// Handles the complete frames at the start of `bytes`; returns how many bytes they took.
    private mutating func consumeFrames(_ bytes: UnsafeRawBufferPointer, into received: inout [Received],
                                        reply: inout [UInt8]) -> Int {
        var offset = 0
        while phase == .open, let frame = Self.frame(in: bytes, at: offset) {
            let payload = UnsafeRawBufferPointer(rebasing: bytes[frame.payload])
            switch frame.opcode {
            case 1, 2, 0:
                let wireBytes = frame.end - offset
                if frame.compressed, let inflater {
                    inflated.removeAll(keepingCapacity: true)
                    try? inflater.inflate(payload, appendingTo: &inflated, limit: 1 << 24)
                    try? inflater.finishMessage(appendingTo: &inflated, limit: 1 << 24)
                    received.append(inflated.withUnsafeBytes { Self.describe($0, wireBytes: wireBytes) })
                } else {
                    received.append(Self.describe(payload, wireBytes: wireBytes))
                }
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
        return offset
    }

    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func frame(in bytes: UnsafeRawBufferPointer, at start: Int)
        -> (opcode: UInt8, compressed: Bool, payload: Range<Int>, end: Int)? {
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

    private static let snapshotType = Array(#""type":"snapshot""#.utf8)
    private static let timestampKey = Array(#""ts":"#.utf8)

    /// Reads whether it is the snapshot and the message's own `ts` from the first 160 bytes of
    /// the JSON (the servers write them before any vehicle, whose `ts` members come later),
    /// on the bytes, without building a string.
    private static func describe(_ text: UnsafeRawBufferPointer, wireBytes: Int) -> Received {
        let head = UnsafeRawBufferPointer(rebasing: text.prefix(160))
        var timestamp: Int64?
        if var index = position(of: timestampKey, in: head) {
            var value: Int64 = 0
            var digits = 0
            while index < text.count, text[index] >= 0x30, text[index] <= 0x39, digits < 18 {
                value = value * 10 + Int64(text[index] - 0x30)
                index += 1
                digits += 1
            }
            if digits > 0 { timestamp = value }
        }
        return Received(wireBytes: wireBytes, isSnapshot: position(of: snapshotType, in: head) != nil, timestamp: timestamp)
    }

    /// The index just after the first occurrence of `pattern` in `bytes`.
    private static func position(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            var matched = 1
            while matched < pattern.count, bytes[start + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return start + matched }
        }
        return nil
    }
}
