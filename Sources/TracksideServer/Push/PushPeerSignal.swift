/// What `PushService` tells a connection besides its frames.
public enum PushPeerSignal: Equatable, Sendable {
    /// The connection's messages, this many and this many payload bytes, were handled or
    /// dropped: its inbound backlog shrank (the transport resumes reading once it drained).
    case handled(messages: Int, bytes: Int)
    /// Close the connection with 1008 (policy violation), after the frames already sent.
    case close(reason: String)
}
