/// One RESP2 value, as Redis sends it (https://redis.io/docs/latest/develop/reference/protocol-spec/).
///
/// RESP3 (maps, sets, doubles, push messages) is not spoken: a connection never sends `HELLO 3`, so a server answers
/// in RESP2 only, and nothing the roles need (strings, counters, scripts, streams) gains from RESP3.
public enum RESPValue: Hashable, Sendable {
    /// `+OK`: a short status line (no CR or LF inside).
    case simpleString(String)
    /// `-ERR message`: an error reply; the first word is the error's code (`ERR`, `WRONGTYPE`, `NOAUTH`, …).
    case error(String)
    /// `:42`: a signed 64-bit integer.
    case integer(Int64)
    /// `$5\r\nhello`: binary-safe bytes; `nil` is the null bulk string `$-1` (a missing key).
    case bulkString([UInt8]?)
    /// `*2\r\n…`: nested values; `nil` is the null array `*-1` (an `XREAD BLOCK` that timed out).
    case array([RESPValue]?)
}

extension RESPValue {
    /// A bulk string holding the UTF-8 of `text`.
    public static func bulkString(_ text: String) -> RESPValue { .bulkString(Array(text.utf8)) }

    /// The bytes of a bulk or simple string, or nil for any other value (null included).
    public var bytes: [UInt8]? {
        switch self {
        case .bulkString(let bytes): bytes
        case .simpleString(let text): Array(text.utf8)
        default: nil
        }
    }

    /// A bulk or simple string read as UTF-8 (invalid sequences replaced), or nil for any other value.
    public var string: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    /// Whether this is the null bulk string or the null array.
    public var isNull: Bool { self == .bulkString(nil) || self == .array(nil) }

    /// The reply itself, or the typed error an error reply stands for (`RedisError.init(reply:)`).
    public func checked() throws(RedisError) -> RESPValue {
        if case .error(let message) = self { throw RedisError(reply: message) }
        return self
    }
}
