/// Which frame of a `WebSocketPreparedMessage` a connection sends
/// (`WebSocketStateMachine.frameChoice(prepared:)`).
public enum PreparedFrameChoice: Equatable, Sendable {
    /// The shared `uncompressedFrame`.
    case uncompressed
    /// The shared `compressedFrame`.
    case compressed
    /// A frame of this connection's own (its compressor keeps context, or its window is smaller).
    case own([UInt8])
}
