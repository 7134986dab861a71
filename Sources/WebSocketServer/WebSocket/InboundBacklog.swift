/// Messages a connection handed to the application that the application has not yet said it
/// handled, against a bound: the policy that tells the connection when to stop reading and when
/// to read again. No I/O, so every rule is tested without a socket.
///
/// Reading pauses once the backlog reaches either limit (messages or payload bytes) and resumes
/// only when it has drained to half of both (hysteresis: a client flooding at full speed costs
/// one pause and one resume per half-backlog, not one per message).
public struct InboundBacklog: Equatable, Sendable {
    /// The bound: reading pauses at `messages` queued messages or `bytes` queued payload bytes.
    public struct Limit: Equatable, Sendable {
        public var messages: Int
        public var bytes: Int

        /// 64 messages or 64 KiB: a few ticks' worth of what a map page sends, so a normal
        /// client never pauses and a flood waits in its own TCP buffers instead of in memory.
        public init(messages: Int = 64, bytes: Int = 64 * 1024) {
            precondition(messages > 0 && bytes > 0, "an inbound limit must admit at least one message")
            self.messages = messages
            self.bytes = bytes
        }
    }

    public let limit: Limit
    /// Messages delivered and not yet reported handled.
    public private(set) var messages = 0
    /// Their payload bytes.
    public private(set) var bytes = 0
    /// Whether the connection should stop reading now.
    public private(set) var isPaused = false

    public init(limit: Limit) {
        self.limit = limit
    }

    /// A message of `bytes` payload bytes was handed to the application.
    public mutating func received(bytes count: Int) {
        messages += 1
        bytes += count
        if messages >= limit.messages || bytes >= limit.bytes { isPaused = true }
    }

    /// The application finished `messages` messages totalling `bytes` payload bytes (or dropped
    /// them). Returns true when this is what lets reading resume.
    public mutating func handled(messages handled: Int, bytes count: Int) -> Bool {
        messages = max(0, messages - handled)
        bytes = max(0, bytes - count)
        guard isPaused, messages <= limit.messages / 2, bytes <= limit.bytes / 2 else { return false }
        isPaused = false
        return true
    }
}
