/// Client messages waiting for the push queue, one FIFO per connection, taken round-robin in
/// bounded slices: a slice takes at most one message from each waiting connection per turn, so a
/// connection with a long backlog never delays another's next message by more than one turn,
/// and the work between two ticks is at most one slice. No threads: `PushService` holds it under
/// a lock.
struct InboundQueue<Message> {
    private var waiting: [ClientID: [Message]] = [:]
    /// Connections with waiting messages, in the order their turn comes.
    private var turns: [ClientID] = []
    /// Where the next slice starts in `turns`.
    private var next = 0

    /// Messages waiting over all connections.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ message: Message, from client: ClientID) {
        if waiting[client] == nil { turns.append(client) }
        waiting[client, default: []].append(message)
        count += 1
    }

    /// Up to `limit` messages, one per connection per turn, each connection's in order.
    mutating func slice(limit: Int) -> [(client: ClientID, message: Message)] {
        var taken: [(client: ClientID, message: Message)] = []
        while taken.count < limit, !turns.isEmpty {
            if next >= turns.count { next = 0 }
            let client = turns[next]
            taken.append((client, waiting[client]!.removeFirst()))
            count -= 1
            if waiting[client]!.isEmpty {
                waiting[client] = nil
                turns.remove(at: next)
            } else {
                next += 1
            }
        }
        return taken
    }

    /// Forgets a connection's waiting messages; returns them (to report them dropped).
    @discardableResult
    mutating func remove(_ client: ClientID) -> [Message] {
        guard let messages = waiting.removeValue(forKey: client) else { return [] }
        if let index = turns.firstIndex(of: client) {
            turns.remove(at: index)
            if index < next { next -= 1 }
        }
        count -= messages.count
        return messages
    }

    /// Forgets everything waiting (shutdown); returns it by connection.
    mutating func removeAll() -> [ClientID: [Message]] {
        defer {
            waiting = [:]
            turns = []
            next = 0
            count = 0
        }
        return waiting
    }
}
