import Dispatch

/// Client messages on their way to the hub: queued per connection, handled in round-robin slices.
extension PushService {
    /// Queues `message` behind the connection's earlier ones; false when it was dropped (the
    /// service stopped, or the connection is being closed).
    @discardableResult
    func enqueue(_ message: Message, from client: ClientID) -> Bool {
        let (accepted, startSlice) = inbound.withLock { state -> (Bool, Bool) in
            guard !state.stopped, !state.closing.contains(client) else { return (false, false) }
            state.queue.append(message, from: client)
            defer { state.sliceQueued = true }
            return (true, !state.sliceQueued)
        }
        if startSlice { queue.async { [self] in handleSlice() } }
        return accepted
    }

    /// One slice of client messages (on the queue); queues the next slice behind whatever was
    /// queued meanwhile (a tick) while messages wait.
    func handleSlice() {
        let slice = inbound.withLock { $0.queue.slice(limit: Self.sliceSize) }
        var deliveries: [PushHub.Delivery] = []
        var handled: [ClientID: (messages: Int, bytes: Int)] = [:]
        var answered: [@Sendable () -> Void] = []
        let now = clock()
        for (client, message) in slice {
            let bytes: Int
            switch message {
            case .connect(let peer):
                peers[client] = peer
                deliveries.append(hub.connect(client))
                continue
            case .text(let text):
                deliveries += hub.receive(text, from: client, now: now)
                bytes = text.utf8.count
            case .binary(let count):
                deliveries += hub.receiveBinary(from: client, now: now)
                bytes = count
            case .answered(let action):
                answered.append(action)
                continue
            }
            handled[client, default: (0, 0)].messages += 1
            handled[client, default: (0, 0)].bytes += bytes
        }
        deliver(deliveries)
        for action in answered { action() }
        for (client, count) in handled {
            if let peer = peers[client] { signal(peer, .handled(messages: count.messages, bytes: count.bytes)) }
        }
        let more = inbound.withLock { state -> Bool in
            state.sliceQueued = !state.queue.isEmpty
            return state.sliceQueued
        }
        if more { queue.async { [self] in handleSlice() } }
    }

    /// Dropped messages answer no one: whoever waited for their answers (`whenAnswered`) goes on.
    static func releaseWaitingForAnswers(_ dropped: [Message]) {
        for case .answered(let action) in dropped { action() }
    }
}
