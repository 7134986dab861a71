// libFuzzer harness for the Redis client's parsers: everything a Redis server's (or a --redis URL's) bytes reach.
// Built and run by Tests/Fuzz/run.sh (not part of the Swift package).
@testable import Redis

/// Tight limits, so the fuzzer reaches every bound.
private let limits = RESPLimits(maximumBulkLength: 4096, maximumArrayCount: 64, maximumDepth: 6,
                                maximumLineLength: 256, maximumBufferedBytes: 65536)

/// Byte 0 picks the parser: replies (byte 1: the read size), a URL, or typed stream replies.
/// Replies decode the same read whole or in pieces, never past the limits; a command array re-encodes to itself;
/// a URL's description never shows its password.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRedis(_ pointer: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: pointer + 2, count: size - 2))
    switch pointer[0] % 3 {
    case 0:
        let whole = decode([bytes[...]])
        let pieceSize = Int(pointer[1]) + 1
        let pieces = stride(from: 0, to: bytes.count, by: pieceSize).map { bytes[$0..<min($0 + pieceSize, bytes.count)] }
        let split = decode(pieces)
        precondition(whole.values == split.values && whole.error == split.error, "reads in pieces decoded otherwise")
        for value in whole.values { checkCommandRoundTrip(value) }
    case 1:
        let text = String(decoding: bytes, as: UTF8.self)
        if let url = try? RedisURL(text), let password = url.password, !password.isEmpty {
            precondition(!url.description.contains(":\(password)@"), "a URL's description shows its password")
        }
    default:
        for value in decode([bytes[...]]).values {
            _ = try? StreamEntry.read(reply: value)
            _ = try? StreamEntry.list(reply: value)
            _ = try? StreamInfo(reply: value)
            _ = try? value.checked()
        }
    }
    return 0
}

private func decode(_ pieces: [ArraySlice<UInt8>]) -> (values: [RESPValue], error: RESPDecodingError?) {
    var decoder = RESPDecoder(limits: limits)
    var values: [RESPValue] = []
    do {
        for piece in pieces {
            try decoder.append(piece)
            while let value = try decoder.next() { values.append(value) }
            precondition(decoder.bufferedByteCount <= limits.maximumBufferedBytes, "held past the limit")
        }
    } catch {
        return (values, error)
    }
    return (values, nil)
}

/// An array of bulk strings is a command: encoding it as one gives back the same value.
private func checkCommandRoundTrip(_ value: RESPValue) {
    guard case .array(let elements?) = value, !elements.isEmpty else { return }
    var arguments: [[UInt8]] = []
    for element in elements {
        guard case .bulkString(let bytes?) = element else { return }
        arguments.append(bytes)
    }
    var encoded: [UInt8] = []
    RESPEncoder.encode(RedisCommand(arguments: arguments), into: &encoded)
    var decoder = RESPDecoder(limits: limits)
    let again = try? { () throws(RESPDecodingError) -> RESPValue? in
        try decoder.append(encoded)
        return try decoder.next()
    }()
    precondition(again == value, "a command did not re-encode to itself")
}
