import Dispatch

/// Client messages on their way to the hub: queued per connection, handled in round-robin slices.
extension PushService {
    func enqueue(_ message: Message, from client: ClientID) {
        let startSlice = inbound.withLock { state -> Bool in
            guard !state.stopped, !state.closing.contains(client) else { return false }
            state.queue.append(message, from: client)
            defer { state.sliceQueued = true }
            return !state.sliceQueued
        }
        if startSlice { queue.async { [self] in handleSlice() } }
    }

    /// One slice of client messages (on the queue); queues the next slice behind whatever was
    /// queued meanwhile (a tick) while messages wait.
    func handleSlice() {
        let slice = inbound.withLock { $0.queue.slice(limit: Self.sliceSize) }
        var deliveries: [PushHub.Delivery] = []
        var handled: [ClientID: (messages: Int, bytes: Int)] = [:]
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
            }
            handled[client, default: (0, 0)].messages += 1
            handled[client, default: (0, 0)].bytes += bytes
        }
        deliver(deliveries)
        for (client, count) in handled {
            if let peer = peers[client] { signal(peer, .handled(messages: count.messages, bytes: count.bytes)) }
        }
        let more = inbound.withLock { state -> Bool in
            state.sliceQueued = !state.queue.isEmpty
            return state.sliceQueued
        }
        if more { queue.async { [self] in handleSlice() } }
    }
}
