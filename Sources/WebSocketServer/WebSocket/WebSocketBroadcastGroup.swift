import Synchronization

/// The subscribers of one broadcast, grouped by event loop, so that sending a prepared message
/// to all of them costs one cross-thread hop per loop, not one per connection: a tick reaching
/// ten thousand sessions queues a closure on each loop, and each loop then writes the shared
/// frame to its own sessions back to back, without locks.
///
/// Membership is loop-owned: each loop's list is touched only on that loop. `add` and
/// `remove` may be called from any thread (they hop when needed); the natural places are the
/// route's accept closure and the session's `onClose`, which already run on the loop.
/// `broadcast` may be called from any thread.
public final class WebSocketBroadcastGroup: Sendable {
    private let members = Mutex<[ObjectIdentifier: LoopMembers]>([:])

    /// An empty group.
    public init() {}

    /// Adds `session`; broadcasts queued after this call reach it.
    public func add(_ session: WebSocketSession) {
        let loopMembers = members(on: session.loop)
        onLoop(session.loop) { loopMembers.insert(session) }
    }

    /// Removes `session` (call it from `onClose`); a session never added is ignored.
    public func remove(_ session: WebSocketSession) {
        let loopMembers = members(on: session.loop)
        onLoop(session.loop) { loopMembers.remove(session) }
    }

    /// Sends `message` to every member: one hop per loop, then the shared frame on each of that
    /// loop's connections. A member whose output is over its bound misses it (see
    /// `WebSocketSession.send(prepared:)`).
    public func broadcast(_ message: WebSocketPreparedMessage) {
        for loopMembers in members.withLock({ Array($0.values) }) {
            loopMembers.loop.execute { loopMembers.send(message) }
        }
    }

    private func members(on loop: EventLoop) -> LoopMembers {
        members.withLock { all in
            if let existing = all[ObjectIdentifier(loop)] { return existing }
            let created = LoopMembers(loop: loop)
            all[ObjectIdentifier(loop)] = created
            return created
        }
    }

    private func onLoop(_ loop: EventLoop, _ work: @escaping @Sendable () -> Void) {
        if loop.inEventLoop {
            work()
        } else {
            loop.execute(work)
        }
    }
}

/// The members of a `WebSocketBroadcastGroup` on one loop: their connection handlers (held
/// strongly, so a broadcast reads no weak reference per member) in an array to walk on every
/// broadcast, with each session's index for constant-time removal.
private final class LoopMembers: @unchecked Sendable {
    // @unchecked: everything but `loop` is touched only on `loop`.
    let loop: EventLoop
    private var handlers: [WebSocketConnectionHandler] = []
    /// The session of each handler, by position in `handlers`.
    private var sessions: [ObjectIdentifier] = []
    private var indices: [ObjectIdentifier: Int] = [:]

    init(loop: EventLoop) {
        self.loop = loop
    }

    /// Adds the session; one already closed (without a handler) is not added.
    func insert(_ session: WebSocketSession) {
        let id = ObjectIdentifier(session)
        guard indices[id] == nil, let handler = session.handler else { return }
        indices[id] = handlers.count
        handlers.append(handler)
        sessions.append(id)
    }

    func remove(_ session: WebSocketSession) {
        guard let index = indices.removeValue(forKey: ObjectIdentifier(session)) else { return }
        let lastHandler = handlers.removeLast()
        let lastSession = sessions.removeLast()
        if index < handlers.count {
            handlers[index] = lastHandler
            sessions[index] = lastSession
            indices[lastSession] = index
        }
    }

    /// One write batch for every member that can take the frame at once; the others queue it
    /// or drop it.
    func send(_ message: WebSocketPreparedMessage) {
        var batch = WebSocketWriteBatch()
        for handler in handlers { handler.addBroadcast(message, to: &batch) }
        batch.write()
    }
}
