import Synchronization

/// Prepares many `WebSocketPreparedMessage`s for one compression configuration, from any number
/// of threads at once, reusing zlib compressors: each call borrows one from a pool (or makes one
/// when all are in use) and gives it back after compressing. Setting up a deflate stream (its
/// window and hash tables allocated) cost more than compressing a small delta, and a tick
/// prepares thousands; without context takeover a compressor is reset after every message, so a
/// reused one produces exactly the bytes a fresh one would.
public final class WebSocketMessagePreparer: @unchecked Sendable {
    // @unchecked: `idle` is only touched under `lock`, and a compressor is used by one caller at a time.
    public let compression: PerMessageDeflateConfiguration?
    private let lock = Mutex(())
    private var idle: [PerMessageDeflater] = []

    /// `compression` nil prepares uncompressed frames only (every connection compresses on its own).
    public init(compression: PerMessageDeflateConfiguration?) {
        self.compression = compression
    }

    /// Compressors made so far and not in use now (for tests: the pool's size is the most
    /// messages ever prepared at once).
    public var idleCompressors: Int { lock.withLock { _ in idle.count } }

    /// Prepares a text message from its UTF-8 bytes, as `WebSocketPreparedMessage(utf8Text:…)` would.
    public func prepare(utf8Text: [UInt8], latencyOrigin: ContinuousClock.Instant? = nil) -> WebSocketPreparedMessage {
        guard let compression, utf8Text.count >= compression.minimumCompressedSize else {
            return WebSocketPreparedMessage(utf8Text: utf8Text, compression: compression, latencyOrigin: latencyOrigin)
        }
        let deflater = lock.withLock { _ in idle.popLast() } ?? (try? WebSocketPreparedMessage.deflater(for: compression))
        defer { if let deflater { lock.withLock { _ in idle.append(deflater) } } }
        return WebSocketPreparedMessage(opcode: .text, payload: utf8Text, compression: compression, deflater: deflater,
                                        latencyOrigin: latencyOrigin)
    }
}
