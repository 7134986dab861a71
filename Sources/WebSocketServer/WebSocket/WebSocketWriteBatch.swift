/// Frames for many WebSocket connections of one loop, written together: the shape of a
/// broadcast tick, where thousands of sockets each get a frame that many of them share.
///
/// The batch keeps each distinct frame once, with the connections it goes to, and sends it to
/// them back to back from one borrowed pointer. Handing every connection its own reference to
/// a shared frame (or to the shared counters) would make the loops fight over the reference
/// count, one atomic increment and decrement per send on a cache line both cores write; in the
/// 5,000-client broadcast benchmark that was most of the server's user-space time. Messages are
/// counted once per distinct frame, after its sends: sent, and their delay from the message's
/// origin until then.
///
/// Only a connection with nothing queued joins (`Connection.canJoinWriteBatch`), so its frame
/// goes straight to the socket; until the batch is written, the connection's own `write`s queue
/// behind that frame. A short send queues the frame's rest ahead of them.
struct WebSocketWriteBatch {
    /// A distinct frame of the batch, its connections and how to count it.
    private struct Frame {
        let bytes: [UInt8]
        let payloadBytes: Int
        let counters: WebSocketCounters
        let latencyOrigin: ContinuousClock.Instant?
        var connections: [Connection] = []
    }

    private var frames: [Frame] = []
    /// Where each shared frame is in `frames`, by message, choice and counters.
    private var sharedFrameIndex: [SharedFrameKey: Int] = [:]
    /// The last shared frame added: a tick's connections mostly repeat it.
    private var lastShared: (key: SharedFrameKey, index: Int)?

    private struct SharedFrameKey: Hashable {
        let message: ObjectIdentifier
        let compressed: Bool
        let counters: ObjectIdentifier
    }

    /// An empty batch.
    init() {}

    /// Adds the frame `choice` of `message` for `connection`, which must be able to join
    /// (`canJoinWriteBatch`), to be counted in `counters`.
    mutating func add(_ message: WebSocketPreparedMessage, _ choice: PreparedFrameChoice, for connection: Connection,
                      counters: WebSocketCounters) {
        precondition(connection.canJoinWriteBatch, "a connection joins a write batch only with nothing queued")
        connection.joinWriteBatch()
        let index: Int
        switch choice {
        case .own:
            index = appendFrame(message, choice, counters)
        case .uncompressed, .compressed:
            let key = SharedFrameKey(message: ObjectIdentifier(message), compressed: choice == .compressed,
                                     counters: ObjectIdentifier(counters))
            if let last = lastShared, last.key == key {
                index = last.index
            } else if let known = sharedFrameIndex[key] {
                index = known
            } else {
                index = appendFrame(message, choice, counters)
                sharedFrameIndex[key] = index
            }
            lastShared = (key, index)
        }
        frames[index].connections.append(connection)
    }

    private mutating func appendFrame(_ message: WebSocketPreparedMessage, _ choice: PreparedFrameChoice,
                                      _ counters: WebSocketCounters) -> Int {
        frames.append(Frame(bytes: choice.frame(of: message), payloadBytes: message.payload.count, counters: counters,
                            latencyOrigin: message.latencyOrigin))
        return frames.count - 1
    }

    /// Sends every frame to its connections and counts the messages.
    func write() {
        for frame in frames {
            frame.bytes.withUnsafeBytes { bytes in
                for connection in frame.connections {
                    if let sent = connection.sendBatchedFrame(bytes) {
                        connection.queueRestOfBatchedFrame(frame.bytes, sent: sent)
                    }
                }
            }
            let count = frame.connections.count
            frame.counters.messagesSent(count, frameBytes: count * frame.bytes.count, payloadBytes: count * frame.payloadBytes)
            if let origin = frame.latencyOrigin {
                frame.counters.deliveryLatency.observe(.now - origin, times: count)
            }
        }
    }
}
