import Foundation
import Redis
import Synchronization
import WebSocketServer

/// The imperative shell around the stream: the Redis connections, the reader thread that feeds
/// entries to the push service (an edge, a standby engine), and for an engine the lease thread
/// and the appends. Every decision is in the pure parts (`PublisherLease`, `StreamFollower`,
/// `StreamPublisher`); this only moves bytes and keeps time.
final class TickStream: Sendable {
    /// The Redis keys, under one prefix.
    static let streamKey = "trackside:ticks"
    static let leaseKey = "trackside:lease"
    static let termKey = "trackside:term"
    /// Entries newer than the last keyframe are always kept: a keyframe comes every
    /// `StreamPublisher.keyframeInterval` entries, well inside any `MAXLEN`.
    static let keyframeField = "keyframe"

    private let push: PushService<WebSocketSession, WebSocketPreparedMessage>
    /// One connection blocks in `XREAD`; the other carries everything else.
    private let reader: RedisClient
    private let writer: RedisClient
    private let logger: Logger
    private let clock: @Sendable () -> Double
    /// `MAXLEN ~` of the stream: three times the resume window's entries, and never under
    /// `minimumLength`, which holds four keyframes (`reload` looks for one among the newest 40).
    let maximumLength: Int
    static let minimumLength = 40
    /// Seconds without a new entry after which what this process serves is stale.
    let staleAfter: Double
    private let owner: String
    private let lease = Mutex(PublisherLease())
    /// Entries published by this engine's hub that Redis has not taken yet, oldest first.
    private let pending = Mutex<[PublishedTick]>([])
    private let state = Mutex(State())
    private let stopping = Atomic<Bool>(false)
    /// Threads started, each signalling `finished` as it ends.
    private let threadCount = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    /// What `/readyz`, `/api/feeds` and `/metrics` report about the stream.
    struct State: Sendable {
        var lastEntryAt: Double?
        var lastError: String?
        var lastErrorAt: Double?
        var entriesRead = 0
        var entriesAppended = 0
        var bytesRead = 0
        var reloads = 0
        var fencedAppends = 0
        /// The last feed health the stream carried (an edge has no feeds of its own).
        var feedStatus: [FeedStatus] = []
    }

    init(url: RedisURL, push: PushService<WebSocketSession, WebSocketPreparedMessage>, historyRetention: Double,
         tickInterval: Double, logger: Logger, clock: @escaping @Sendable () -> Double) {
        self.push = push
        reader = RedisClient(url: url)
        writer = RedisClient(url: url)
        self.logger = logger
        self.clock = clock
        maximumLength = max(Self.minimumLength, Int((historyRetention / tickInterval * 3).rounded(.up)))
        staleAfter = max(3, tickInterval * 3)
        owner = TracksideApp.randomEpoch()
    }

    var statistics: State { state.withLock { $0 } }

    /// The id the stream's health goes under in `/readyz`, `/api/feeds` and `/metrics`.
    static let feedID = "stream"

    /// The stream as a feed: its age is the time since the last entry read, stale past
    /// `staleAfter`, while Redis fails, or while the hub is out of step (reloading).
    func status(at now: Double, inStep: Bool) -> FeedStatus {
        let state = statistics
        let age = state.lastEntryAt.map { max(0, now - $0) }
        let stale = !inStep || age.map { $0 > staleAfter } ?? true || state.lastError != nil
        return FeedStatus(id: Self.feedID, age: age, isStale: stale, failure: state.lastError, accepted: state.entriesRead,
                          duplicates: 0, failures: state.reloads, staleAfter: staleAfter, lastFailure: state.lastError,
                          lastFailureAt: state.lastErrorAt)
    }

    /// Starts reading the stream, and with `lead` competing for the lease; `followed` is called on
    /// the reader thread after each entry the hub applied or loaded (an edge computes its boards then).
    func start(lead: Bool, followed: @escaping @Sendable (PublishedTick, StreamStep) -> Void = { _, _ in }) {
        var started = [Thread(block: { [self] in readLoop(followed: followed) })]
        started[0].name = "trackside-stream"
        if lead {
            started.append(Thread(block: { [self] in leaseLoop() }))
            started[1].name = "trackside-lease"
        }
        threadCount.store(started.count, ordering: .releasing)
        for thread in started { thread.start() }
    }

    /// Stops the threads; a held lease is given back so the standby takes over at once.
    func stop() {
        stopping.store(true, ordering: .releasing)
        let count = threadCount.load(ordering: .acquiring)
        for _ in 0..<count { _ = finished.wait(timeout: .now() + 3) }
        if lease.withLock({ $0.release(at: clock()) }) != nil {
            _ = try? writer.releaseLease(Self.leaseKey, owner: owner)
        }
        reader.close()
        writer.close()
    }

    /// The term to publish with now, nil while standing by.
    var leadingTerm: UInt64? {
        if case .leading(let term) = lease.withLock({ $0.role(at: clock()) }) { return term }
        return nil
    }

    /// Whether this engine's hub holds the stream's last entry, so its next tick continues it:
    /// a new leader publishes only once its reader caught up (or the stream is empty). Entries this
    /// engine published but could not append yet count as held: they go first.
    func holdsLatestEntry() -> Bool {
        let last: StreamEntry?
        do {
            last = try writer.lastEntry(Self.streamKey)
        } catch {
            note(error)
            return false
        }
        guard let last else { return true }
        guard let bytes = last["tick"], let tick = try? PublishedTick(decoding: bytes) else { return false }
        let position = push.streamPosition
        guard position.inStep, position.epoch == tick.epoch else { return false }
        return pending.withLock { pending in
            if let first = pending.first, first.seq == tick.seq + 1 { return true }
            // Another engine wrote meanwhile: what this one could not append is history that never was.
            pending = []
            return position.seq == tick.seq
        }
    }

    /// Appends a leading engine's entry, after any its hub published while Redis could not take them
    /// (renumbered into the current term), so edges see no gap; false when an append failed (the
    /// entries wait, at most `maximumPending`) or was fenced (another engine leads: they are dropped).
    @discardableResult
    func append(_ tick: PublishedTick) -> Bool {
        var queue = pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
        queue.append(tick)
        while let first = queue.first {
            var next = first
            next.term = tick.term
            var fields = [StreamField("tick", next.encoded)]
            if next.isKeyframe { fields.append(StreamField(Self.keyframeField, "1")) }
            do {
                try writer.xadd(Self.streamKey, id: StreamID(next.term, next.seq), fields: fields, maximumLength: maximumLength)
                queue.removeFirst()
                state.withLock { state in
                    state.entriesAppended += 1
                    state.lastError = nil
                }
            } catch .fenced(let reason) {
                lease.withLock { $0.fenced() }
                state.withLock { $0.fencedAppends += 1 }
                logger.warning("stream: append of seq \(next.seq) in term \(next.term) fenced (\(reason)): standing by")
                return false
            } catch {
                note(error)
                // Beyond the bound the gap is left to the edges, which reload from the next keyframe.
                pending.withLock { $0 = queue.count <= Self.maximumPending ? queue : [] }
                return false
            }
        }
        return true
    }

    /// Entries kept for a Redis that is briefly away: a leader stands down within the lease's TTL,
    /// so only a few ticks are ever waiting.
    static let maximumPending = 20

    private func note(_ error: RedisError) {
        let now = clock()
        let first = state.withLock { state -> Bool in
            defer { (state.lastError, state.lastErrorAt) = ("\(error)", now) }
            return state.lastError == nil
        }
        if first { logger.warning("stream: \(error)") }
    }

    /// The lease's commands, every tenth of a second.
    private func leaseLoop() {
        defer { finished.signal() }
        while !stopping.load(ordering: .acquiring) {
            let now = clock()
            if let command = lease.withLock({ $0.poll(at: now) }) {
                let reply = run(command)
                let before = leadingTerm
                lease.withLock { $0.received(reply, at: clock()) }
                let after = leadingTerm
                if before != after {
                    if let after { logger.info("stream: leading with term \(after)") } else { logger.info("stream: standing by") }
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    private func run(_ command: PublisherLease.Command) -> PublisherLease.Reply {
        do {
            switch command {
            case .acquire(let ttl):
                let term = try writer.acquireTerm(lease: Self.leaseKey, owner: owner, ttl: .milliseconds(ttl),
                                                  term: Self.termKey, stream: Self.streamKey)
                return term.map { .term($0) } ?? .granted(false)
            case .renew(let ttl):
                return .granted(try writer.renewLease(Self.leaseKey, owner: owner, ttl: .milliseconds(ttl)))
            case .release:
                return .granted(try writer.releaseLease(Self.leaseKey, owner: owner))
            }
        } catch {
            note(error)
            return .failed
        }
    }

    /// Reads entries in order and hands them to the push service; a gap (or a stream that Redis
    /// lost, whose new ids sort below the last one read) loads the latest keyframe first.
    private func readLoop(followed: @Sendable (PublishedTick, StreamStep) -> Void) {
        defer { finished.signal() }
        var last: StreamID?
        while !stopping.load(ordering: .acquiring) {
            do {
                guard let after = last else {
                    last = try reload(followed: followed)
                    if last == nil { Thread.sleep(forTimeInterval: 0.2) }
                    continue
                }
                let entries = try reader.xread(Self.streamKey, after: after, count: 256, block: .milliseconds(500))
                if entries.isEmpty {
                    // A restarted Redis starts the stream again below the last id read.
                    let info = try writer.streamInfo(Self.streamKey)
                    if let info, info.lastGeneratedID < after { last = nil }
                    continue
                }
                state.withLock { $0.lastError = nil }
                for entry in entries {
                    // A leader's own entries: its hub made them.
                    if leadingTerm == nil {
                        guard follow(entry, followed: followed) else { last = nil; break }
                    } else {
                        state.withLock { $0.lastEntryAt = clock() }
                    }
                    last = entry.id
                }
            } catch {
                note(error)
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }

    /// Follows one stream entry; false when it cannot be followed (a gap, bytes that are no entry).
    private func follow(_ entry: StreamEntry, followed: @Sendable (PublishedTick, StreamStep) -> Void) -> Bool {
        guard let bytes = entry["tick"] else { return false }
        do {
            let tick = try PublishedTick(decoding: bytes)
            let step = push.follow(tick)
            state.withLock { state in
                state.entriesRead += 1
                state.bytesRead += bytes.count
                state.lastEntryAt = clock()
                state.feedStatus = tick.feedStatus
            }
            // A keyframe loaded, fetched after a gap or met first after one (a paused edge's next read): counted.
            if step == .load {
                state.withLock { $0.reloads += 1 }
                logger.info("stream: loaded the keyframe \(entry.id) (seq \(tick.seq))")
            }
            if step == .apply || step == .load { followed(tick, step) }
            return step != .reload
        } catch {
            logger.warning("stream: entry \(entry.id) refused: \(error)")
            return false
        }
    }

    /// Loads the newest keyframe the stream holds and returns its id, nil when there is none yet.
    private func reload(followed: @Sendable (PublishedTick, StreamStep) -> Void) throws(RedisError) -> StreamID? {
        let recent = try writer.xrevrange(Self.streamKey, count: Self.minimumLength)
        guard let keyframe = recent.first(where: { $0[Self.keyframeField] != nil }) else { return nil }
        return follow(keyframe, followed: followed) ? keyframe.id : nil
    }
}
