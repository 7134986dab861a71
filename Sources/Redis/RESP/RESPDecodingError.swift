/// Why bytes from the server are not RESP2 within the decoder's `RESPLimits`. After one, the decoder refuses
/// everything: the stream's framing is lost.
public enum RESPDecodingError: Error, Hashable, Sendable {
    /// A value started with a byte that is not `+ - : $ *`.
    case invalidType(UInt8)
    /// An integer, length or count that is not `-?[0-9]+` within 64 bits.
    case invalidInteger
    /// A bulk length or array count below -1.
    case invalidLength(Int64)
    /// A line ended by CR without LF, or by a bare LF.
    case invalidLineEnd
    /// A bulk string's bytes were not followed by CRLF.
    case missingBulkTerminator
    /// A bulk string longer than `maximumBulkLength`.
    case bulkTooLong(length: Int64, limit: Int)
    /// An array with more elements than `maximumArrayCount`.
    case arrayTooLong(count: Int64, limit: Int)
    /// Arrays nested deeper than `maximumDepth`.
    case nestingTooDeep(limit: Int)
    /// A line longer than `maximumLineLength` (or not ended within it).
    case lineTooLong(limit: Int)
    /// More than `maximumBufferedBytes` held at once.
    case tooManyBufferedBytes(limit: Int)
}

extension RESPDecodingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidType(let byte): "invalid RESP type byte 0x\(String(byte, radix: 16))"
        case .invalidInteger: "invalid RESP integer"
        case .invalidLength(let length): "invalid RESP length \(length)"
        case .invalidLineEnd: "RESP line not ended by CRLF"
        case .missingBulkTerminator: "RESP bulk string not followed by CRLF"
        case .bulkTooLong(let length, let limit): "RESP bulk string of \(length) bytes exceeds \(limit)"
        case .arrayTooLong(let count, let limit): "RESP array of \(count) elements exceeds \(limit)"
        case .nestingTooDeep(let limit): "RESP arrays nested deeper than \(limit)"
        case .lineTooLong(let limit): "RESP line longer than \(limit) bytes"
        case .tooManyBufferedBytes(let limit): "RESP reply needs more than \(limit) buffered bytes"
        }
    }
}
