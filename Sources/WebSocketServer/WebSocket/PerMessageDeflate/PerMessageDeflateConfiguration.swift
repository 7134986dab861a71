/// The server's permessage-deflate policy (RFC 7692): what it accepts and how it compresses.
///
/// Defaults come from `trackside-bench websocket-deflate` (docs/BENCHMARKS.md, "WebSocket
/// permessage-deflate") on real transit JSON: a 12-bit window with memLevel 4 costs 30 KiB per
/// compressor against 262 KiB for zlib's 15/8, for the same ratio on 1–4 KiB messages and
/// 2 points more bytes (15.7 % of the input against 13.5 %) at 64 KiB, at the same CPU time.
/// Asking clients for a 12-bit window halves the inflater (27 KiB against 55 KiB). Broadcasts
/// are compressed once per message, not per connection, so these sizes matter for per-connection
/// sends and for how many connections fit in memory.
public struct PerMessageDeflateConfiguration: Hashable, Sendable {
    /// The largest LZ77 window (9–15 bits) the server compresses with; a client may ask for less.
    public var serverMaxWindowBits: Int
    /// The window the server asks clients to compress with when they offer `client_max_window_bits`
    /// (9–15); it bounds the inflater's memory per connection.
    public var clientMaxWindowBits: Int
    /// zlib's memLevel (1–9) for the server's compressors: hash table size versus speed and ratio.
    public var memoryLevel: Int
    /// zlib's compression level (1–9).
    public var compressionLevel: Int
    /// Messages shorter than this many bytes are sent uncompressed: the frame would barely shrink
    /// and the CPU time is better spent elsewhere.
    public var minimumCompressedSize: Int
    /// Whether the server keeps its compression context between messages. False (the default)
    /// makes the server answer `server_no_context_takeover`, so one compressed broadcast frame
    /// can be shared by every connection.
    public var serverContextTakeover: Bool
    /// Whether clients may keep their compression context between messages. False answers
    /// `client_no_context_takeover`, so the server can drop its inflater between messages.
    public var clientContextTakeover: Bool

    /// The defaults described above.
    public init(serverMaxWindowBits: Int = 12, clientMaxWindowBits: Int = 12, memoryLevel: Int = 4,
                compressionLevel: Int = 6, minimumCompressedSize: Int = 64,
                serverContextTakeover: Bool = false, clientContextTakeover: Bool = true) {
        self.serverMaxWindowBits = min(max(serverMaxWindowBits, 9), 15)
        self.clientMaxWindowBits = min(max(clientMaxWindowBits, 9), 15)
        self.memoryLevel = min(max(memoryLevel, 1), 9)
        self.compressionLevel = min(max(compressionLevel, 1), 9)
        self.minimumCompressedSize = max(minimumCompressedSize, 0)
        self.serverContextTakeover = serverContextTakeover
        self.clientContextTakeover = clientContextTakeover
    }
}
