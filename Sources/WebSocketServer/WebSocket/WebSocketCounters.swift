import Synchronization

/// Server-wide WebSocket counters, updated from every loop and readable from any thread
/// (metrics, tests). One instance is shared by the routes that pass it in.
public final class WebSocketCounters: Sendable {
    private let open = Atomic<Int>(0)
    private let opened = Atomic<Int>(0)
    private let received = Atomic<Int>(0)
    private let sent = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let stalled = Atomic<Int>(0)
    private let failed = Atomic<Int>(0)

    /// Counters at zero.
    public init() {}

    /// WebSocket connections open now.
    public var openConnections: Int { open.load(ordering: .relaxed) }
    /// Handshakes completed since start.
    public var acceptedConnections: Int { opened.load(ordering: .relaxed) }
    /// Data messages received from clients.
    public var messagesReceived: Int { received.load(ordering: .relaxed) }
    /// Data messages queued for clients.
    public var messagesSent: Int { sent.load(ordering: .relaxed) }
    /// Messages not queued because the connection's output was over its bound.
    public var messagesDropped: Int { dropped.load(ordering: .relaxed) }
    /// Connections closed with 1008 because their output stayed backed up too long.
    public var stalledConnections: Int { stalled.load(ordering: .relaxed) }
    /// Connections the server failed for a protocol violation (1002, 1007, 1009).
    public var protocolFailures: Int { failed.load(ordering: .relaxed) }

    func connectionOpened() {
        open.add(1, ordering: .relaxed)
        opened.add(1, ordering: .relaxed)
    }

    func connectionClosed() { open.subtract(1, ordering: .relaxed) }
    func messageReceived() { received.add(1, ordering: .relaxed) }
    func messageSent() { sent.add(1, ordering: .relaxed) }
    func messageDropped() { dropped.add(1, ordering: .relaxed) }
    func connectionStalled() { stalled.add(1, ordering: .relaxed) }
    func protocolFailure() { failed.add(1, ordering: .relaxed) }
}
