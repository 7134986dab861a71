import Metrics
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
    private let sentFrameBytes = Atomic<Int>(0)
    private let sentPayloadBytes = Atomic<Int>(0)
    /// Closes by code: 1000…1015, then every other code.
    private let closes: [CloseCounter] = (0...16).map { _ in CloseCounter() }

    /// One atomic count; a class because atomics cannot be copied into an array.
    private final class CloseCounter: Sendable {
        let value = Atomic<Int>(0)
    }

    /// How long prepared messages with a `latencyOrigin` took from it until their frame was
    /// handed to the socket (`writev`), per connection.
    public let deliveryLatency: Histogram.Recorder

    /// Counters at zero; `latencyBounds` are the delivery latency buckets in seconds.
    public init(latencyBounds: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]) {
        deliveryLatency = Histogram.Recorder(bounds: latencyBounds)
    }

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
    /// Bytes of the data frames queued for clients, after compression, headers included.
    public var bytesSent: Int { sentFrameBytes.load(ordering: .relaxed) }
    /// Bytes of the same messages before compression: `bytesSent / payloadBytesSent` is the ratio.
    public var payloadBytesSent: Int { sentPayloadBytes.load(ordering: .relaxed) }

    /// Ended connections by close code (1006 when the TCP connection went away without a close
    /// frame; stalled clients count as 1008), the codes outside 1000…1015 under nil.
    public var closesByCode: [(code: UInt16?, count: Int)] {
        closes.enumerated().compactMap { index, counter in
            let count = counter.value.load(ordering: .relaxed)
            guard count > 0 else { return nil }
            return (index < 16 ? UInt16(1000 + index) : nil, count)
        }
    }

    func connectionOpened() {
        open.add(1, ordering: .relaxed)
        opened.add(1, ordering: .relaxed)
    }

    func connectionClosed(code: WebSocketCloseCode) {
        open.subtract(1, ordering: .relaxed)
        let index = (1000..<1016).contains(code.rawValue) ? Int(code.rawValue) - 1000 : 16
        closes[index].value.add(1, ordering: .relaxed)
    }

    func messageReceived() { received.add(1, ordering: .relaxed) }

    /// A data message queued: its frame's bytes and its payload's before compression.
    func messageSent(frameBytes: Int, payloadBytes: Int) {
        messagesSent(1, frameBytes: frameBytes, payloadBytes: payloadBytes)
    }

    /// `count` data messages written together, with their frames' and payloads' bytes in total.
    func messagesSent(_ count: Int, frameBytes: Int, payloadBytes: Int) {
        sent.add(count, ordering: .relaxed)
        sentFrameBytes.add(frameBytes, ordering: .relaxed)
        sentPayloadBytes.add(payloadBytes, ordering: .relaxed)
    }

    func messageDropped() { dropped.add(1, ordering: .relaxed) }
    func connectionStalled() { stalled.add(1, ordering: .relaxed) }
    func protocolFailure() { failed.add(1, ordering: .relaxed) }
}
