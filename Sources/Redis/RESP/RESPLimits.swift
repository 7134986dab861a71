/// What one connection's decoder accepts from the server before it gives up on the connection.
///
/// A reply past any of these is a `RESPDecodingError`, and the connection is dropped: the server is not trusted to
/// bound its own replies (a wrong key, a huge stream range or a corrupted peer must not take the process's memory).
public struct RESPLimits: Hashable, Sendable {
    /// The longest bulk string, in bytes (Redis's own `proto-max-bulk-len` is 512 MiB).
    public var maximumBulkLength: Int
    /// The most elements in one array.
    public var maximumArrayCount: Int
    /// The deepest nesting of arrays; a top-level array is depth 1 (an `XREAD` reply needs 5).
    public var maximumDepth: Int
    /// The longest simple string, error or integer line, in bytes, CRLF excluded.
    public var maximumLineLength: Int
    /// The most bytes held at once: unread input plus the part of a reply already decoded.
    public var maximumBufferedBytes: Int

    /// Limits with the given values; the defaults fit a stream read of a few hundred full boards.
    public init(maximumBulkLength: Int = 16 << 20, maximumArrayCount: Int = 1 << 20, maximumDepth: Int = 8,
                maximumLineLength: Int = 64 << 10, maximumBufferedBytes: Int = 64 << 20) {
        self.maximumBulkLength = maximumBulkLength
        self.maximumArrayCount = maximumArrayCount
        self.maximumDepth = maximumDepth
        self.maximumLineLength = maximumLineLength
        self.maximumBufferedBytes = maximumBufferedBytes
    }
}
