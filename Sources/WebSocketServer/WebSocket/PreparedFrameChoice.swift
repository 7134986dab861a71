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

extension PreparedFrameChoice {
    /// The chosen frame's bytes. (`compressed` is chosen only when `message` has a compressed
    /// frame; without one the shared uncompressed frame stands in.)
    public func frame(of message: WebSocketPreparedMessage) -> [UInt8] {
        switch self {
        case .uncompressed: message.uncompressedFrame
        case .compressed: message.compressedFrame ?? message.uncompressedFrame
        case .own(let frame): frame
        }
    }
}
