/// An incremental RESP2 decoder: bytes in (`append`), complete values out (`next`), in the order they arrived.
///
/// Sans-I/O and truly incremental: a reply split at any byte boundary decodes to the same values, and no byte is
/// examined twice however finely the input is split (arrays being filled wait on a stack, a bulk string whose header
/// was read waits for its length, a line's scan resumes where it stopped). Every input is bounded by `RESPLimits`;
/// the first violation is thrown and then thrown again by every later call.
public struct RESPDecoder: Sendable {
    /// What this decoder accepts.
    public let limits: RESPLimits

    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// Where the scan for the current line's CR resumes.
    private var scanIndex = 0
    /// Arrays whose elements are still arriving, innermost last.
    private var openArrays: [OpenArray] = []
    /// The length of a bulk string whose header was read and whose bytes have not all arrived.
    private var pendingBulkLength: Int?
    /// Bytes already decoded into the open arrays.
    private var decodedBytes = 0
    private var failure: RESPDecodingError?

    /// A decoder with the given limits.
    public init(limits: RESPLimits = RESPLimits()) {
        self.limits = limits
    }

    /// Bytes held: input not decoded yet plus what the open arrays hold.
    public var bufferedByteCount: Int { buffer.count - readIndex + decodedBytes }

    /// Whether a value has started and not finished (nothing buffered means a clean boundary between replies).
    public var isIdle: Bool { bufferedByteCount == 0 && pendingBulkLength == nil && openArrays.isEmpty }

    /// Adds bytes read from the server.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(RESPDecodingError) {
        if let failure { throw failure }
        guard bufferedByteCount + bytes.count <= limits.maximumBufferedBytes else {
            throw fail(.tooManyBufferedBytes(limit: limits.maximumBufferedBytes))
        }
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete value, or nil until more bytes arrive.
    public mutating func next() throws(RESPDecodingError) -> RESPValue? {
        if let failure { throw failure }
        do {
            return try decode()
        } catch {
            throw fail(error)
        }
    }

    private mutating func fail(_ error: RESPDecodingError) -> RESPDecodingError {
        failure = error
        return error
    }

    private mutating func compact() {
        guard readIndex > 0 else { return }
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if readIndex >= 4096, readIndex * 2 >= buffer.count {
            buffer.removeSubrange(0..<readIndex)
        } else {
            return
        }
        scanIndex -= readIndex
        readIndex = 0
    }

    private mutating func decode() throws(RESPDecodingError) -> RESPValue? {
        while true {
            if let length = pendingBulkLength {
                guard buffer.count - readIndex >= length + 2 else { return nil }
                let end = readIndex + length
                guard buffer[end] == UInt8(ascii: "\r"), buffer[end + 1] == UInt8(ascii: "\n") else {
                    throw .missingBulkTerminator
                }
                let bytes = Array(buffer[readIndex..<end])
                consume(through: end + 2)
                pendingBulkLength = nil
                if let value = complete(.bulkString(bytes)) { return value }
                continue
            }
            guard let line = try nextLine() else { return nil }
            let type = buffer[line.lowerBound]
            let body = (line.lowerBound + 1)..<line.upperBound
            consume(through: line.upperBound + 2)
            let value: RESPValue
            switch type {
            case UInt8(ascii: "+"):
                value = .simpleString(String(decoding: buffer[body], as: UTF8.self))
            case UInt8(ascii: "-"):
                value = .error(String(decoding: buffer[body], as: UTF8.self))
            case UInt8(ascii: ":"):
                value = .integer(try integer(body))
            case UInt8(ascii: "$"):
                guard let length = try length(body, limit: limits.maximumBulkLength,
                                              tooLong: RESPDecodingError.bulkTooLong(length:limit:)) else {
                    value = .bulkString(nil)
                    break
                }
                pendingBulkLength = length
                continue
            case UInt8(ascii: "*"):
                guard let count = try length(body, limit: limits.maximumArrayCount,
                                             tooLong: RESPDecodingError.arrayTooLong(count:limit:)) else {
                    value = .array(nil)
                    break
                }
                guard openArrays.count < limits.maximumDepth else { throw .nestingTooDeep(limit: limits.maximumDepth) }
                guard count > 0 else { value = .array([]); break }
                openArrays.append(OpenArray(expected: count))
                continue
            default:
                throw .invalidType(type)
            }
            if let value = complete(value) { return value }
        }
    }

    /// The range of the next line (type byte included, CRLF excluded), or nil when it has not all arrived.
    private mutating func nextLine() throws(RESPDecodingError) -> Range<Int>? {
        scanIndex = max(scanIndex, readIndex)
        let scanLimit = min(buffer.count, readIndex + 1 + limits.maximumLineLength + 1)
        while scanIndex < scanLimit {
            switch buffer[scanIndex] {
            case UInt8(ascii: "\r"):
                guard scanIndex + 1 < buffer.count else { return nil }
                guard buffer[scanIndex + 1] == UInt8(ascii: "\n"), scanIndex > readIndex else {
                    throw scanIndex > readIndex ? .invalidLineEnd : .invalidType(UInt8(ascii: "\r"))
                }
                return readIndex..<scanIndex
            case UInt8(ascii: "\n"):
                throw .invalidLineEnd
            default:
                scanIndex += 1
            }
        }
        guard scanLimit - readIndex <= limits.maximumLineLength + 1 else {
            throw .lineTooLong(limit: limits.maximumLineLength)
        }
        return nil
    }

    private mutating func consume(through end: Int) {
        if !openArrays.isEmpty { decodedBytes += end - readIndex }
        readIndex = end
        scanIndex = end
    }

    /// Files a finished value into the innermost open array; returns the top-level value once it is whole.
    private mutating func complete(_ finished: RESPValue) -> RESPValue? {
        var value = finished
        while !openArrays.isEmpty {
            let last = openArrays.count - 1
            openArrays[last].elements.append(value)
            guard openArrays[last].elements.count == openArrays[last].expected else { return nil }
            value = .array(openArrays.removeLast().elements)
        }
        decodedBytes = 0
        return value
    }

    /// A bulk length or array count: nil for -1 (null), refused below -1 or above `limit`.
    private func length(_ range: Range<Int>, limit: Int,
                        tooLong: (Int64, Int) -> RESPDecodingError) throws(RESPDecodingError) -> Int? {
        let length = try integer(range)
        guard length >= -1 else { throw .invalidLength(length) }
        guard length <= limit else { throw tooLong(length, limit) }
        return length < 0 ? nil : Int(length)
    }

    /// `-?[0-9]+` within Int64, read from the line's bytes.
    private func integer(_ range: Range<Int>) throws(RESPDecodingError) -> Int64 {
        var index = range.lowerBound
        let negative = index < range.upperBound && buffer[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < range.upperBound, range.upperBound - index <= 19 else { throw .invalidInteger }
        // Accumulated negatively, so Int64.min is representable.
        var value: Int64 = 0
        while index < range.upperBound {
            let digit = buffer[index] &- UInt8(ascii: "0")
            guard digit < 10 else { throw .invalidInteger }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = shifted.subtractingReportingOverflow(Int64(digit))
            guard !overflowA, !overflowB else { throw .invalidInteger }
            value = next
            index += 1
        }
        if negative { return value }
        guard value != .min else { throw .invalidInteger }
        return -value
    }
}

extension RESPDecoder {
    /// An array whose elements are still arriving.
    private struct OpenArray: Sendable {
        let expected: Int
        var elements: [RESPValue] = []

        init(expected: Int) {
            self.expected = expected
            elements.reserveCapacity(min(expected, 1024))
        }
    }
}
