import Codecs

/// A broadcast message serialised into frames once and shared, immutable, by every
/// subscriber (the "prepared message" of uWebSockets).
///
/// The uncompressed frame is always built. When a compression configuration is given and the
/// payload is large enough, the payload is also compressed once, as a standalone DEFLATE
/// message (no context), with the configuration's window: every connection that negotiated
/// `server_no_context_takeover` with at least that window sends these same bytes. The
/// server asks for `server_no_context_takeover` in every handshake it can, so that is
/// normally every compressing connection. A connection with context takeover compresses
/// the payload with its own compressor instead (its peer's window must see the message);
/// see `WebSocketStateMachine.frame(prepared:)`.
public final class WebSocketPreparedMessage: Sendable {
    /// Text or binary.
    public let opcode: WebSocketOpcode
    /// The message bytes, kept for connections that must compress them themselves.
    public let payload: [UInt8]
    /// The complete unmasked frame with the payload as it is.
    public let uncompressedFrame: [UInt8]
    /// The complete frame with RSV1 set and the payload compressed without context, or nil when
    /// compression is off, the payload is under the threshold, or compressing did not shrink it.
    public let compressedFrame: [UInt8]?
    /// The LZ77 window the shared compressed frame was built with.
    public let compressionWindowBits: Int
    /// Whether the message was prepared for compressing connections (a compression
    /// configuration was given); when false every connection compresses it on its own.
    public let isCompressionPrepared: Bool
    /// When the message's content began to be produced (a tick's start): each connection counts
    /// the time from it until the frame reaches `writev` in `WebSocketCounters.deliveryLatency`.
    public let latencyOrigin: ContinuousClock.Instant?

    /// Prepares a text message.
    public convenience init(text: String, compression: PerMessageDeflateConfiguration?,
                            latencyOrigin: ContinuousClock.Instant? = nil) {
        self.init(opcode: .text, payload: Array(text.utf8), compression: compression, latencyOrigin: latencyOrigin)
    }

    /// Prepares a text message from its UTF-8 bytes (serialised JSON, say) without a round trip
    /// through `String`. The bytes must be valid UTF-8; debug builds check it.
    public convenience init(utf8Text: [UInt8], compression: PerMessageDeflateConfiguration?,
                            latencyOrigin: ContinuousClock.Instant? = nil) {
        self.init(opcode: .text, payload: utf8Text, compression: compression, latencyOrigin: latencyOrigin)
    }

    /// Prepares a binary message.
    public convenience init(binary: [UInt8], compression: PerMessageDeflateConfiguration?) {
        self.init(opcode: .binary, payload: binary, compression: compression, latencyOrigin: nil)
    }

    private convenience init(opcode: WebSocketOpcode, payload: [UInt8], compression: PerMessageDeflateConfiguration?,
                             latencyOrigin: ContinuousClock.Instant?) {
        let deflater = compression.flatMap { try? Self.deflater(for: $0) }
        self.init(opcode: opcode, payload: payload, compression: compression, deflater: deflater, latencyOrigin: latencyOrigin)
    }

    /// Prepares a message compressing with `deflater`, a compressor without context built for
    /// `compression` (`deflater(for:)`), which this borrows for the call only: a caller preparing
    /// many messages keeps one per thread instead of setting up a fresh zlib stream each time
    /// (`WebSocketMessagePreparer`).
    init(opcode: WebSocketOpcode, payload: [UInt8], compression: PerMessageDeflateConfiguration?,
         deflater: PerMessageDeflater?, latencyOrigin: ContinuousClock.Instant?) {
        assert(opcode != .text || { var validator = UTF8Validator(); return validator.validate(payload) && validator.isComplete }(),
               "a text message must be valid UTF-8")
        self.opcode = opcode
        self.payload = payload
        self.latencyOrigin = latencyOrigin
        uncompressedFrame = WebSocketFrame.serverFrame(opcode: opcode, payload: payload)
        compressionWindowBits = compression?.serverMaxWindowBits ?? 15
        isCompressionPrepared = compression != nil
        guard let compression, payload.count >= compression.minimumCompressedSize, let deflater else {
            compressedFrame = nil
            return
        }
        let compressed = payload.withUnsafeBytes {
            WebSocketFrame.compressedServerFrame(opcode: opcode, payload: $0, deflater: deflater)
        }
        compressedFrame = compressed.count < uncompressedFrame.count ? compressed : nil
    }
}

extension WebSocketPreparedMessage {
    /// A compressor for shared frames: `compression`'s window, memory and level, without context.
    static func deflater(for compression: PerMessageDeflateConfiguration) throws(Deflater.StartFailure) -> PerMessageDeflater {
        try PerMessageDeflater(windowBits: compression.serverMaxWindowBits, memoryLevel: compression.memoryLevel,
                               compressionLevel: compression.compressionLevel, contextTakeover: false)
    }
}
