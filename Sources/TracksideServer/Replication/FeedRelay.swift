/// The feed payloads that travel on the stream, as a value. The engine's side records every
/// payload it ingested (`received`) and hands each tick the ones since the previous tick with the
/// latest accepted document of every feed (`drain`): a keyframe carries those documents, so an
/// edge that joins or lost its place rebuilds the feed store from one entry. The edge's side
/// says which of an entry's payloads to ingest (`toIngest`).
public struct FeedRelay: Sendable {
    /// What one tick read since the previous one.
    public struct Batch: Equatable, Sendable {
        /// Every payload ingested since the previous tick, in order.
        public var payloads: [RelayedPayload] = []
        /// The latest accepted document of every feed, by feed id.
        public var documents: [RelayedPayload] = []

        public init(payloads: [RelayedPayload] = [], documents: [RelayedPayload] = []) {
            self.payloads = payloads
            self.documents = documents
        }
    }

    private var pending: [RelayedPayload] = []
    private var latest: [String: RelayedPayload] = [:]
    /// The term of the last entry an edge ingested from, and every relayed feed's stale threshold.
    private var term: UInt64?
    private var thresholds: [String: Double] = [:]

    public init() {}

    /// The engine ingested `payload`; `accepted` says it replaced its feed's document.
    /// A source's round restarts the feeds: documents of an older round are forgotten.
    public mutating func received(_ payload: RelayedPayload, accepted: Bool) {
        if let round = latest.values.first?.round, payload.round != round { latest = [:] }
        // Beyond the bound (a tick never came) the oldest are dropped: the documents still hold the state.
        if pending.count >= Self.maximumPending { pending.removeFirst(pending.count - Self.maximumPending + 1) }
        pending.append(payload)
        if accepted, payload.content == .document { latest[payload.feedID] = payload }
    }

    /// The payloads since the previous drain and every feed's latest document, sorted by feed id.
    public mutating func drain() -> Batch {
        defer { pending = [] }
        return Batch(payloads: pending, documents: latest.keys.sorted().compactMap { latest[$0] })
    }

    /// An edge followed `entry` with `step` (`.apply` or `.load`): what to ingest, in order. A
    /// loaded keyframe, or the first keyframe of another engine's term (another feed store), is
    /// ingested from its documents; any other entry from the payloads since the previous one.
    public mutating func toIngest(_ entry: PublishedTick, step: StreamStep) -> [RelayedPayload] {
        defer { term = entry.term }
        let rebuild = step == .load || (entry.isKeyframe && entry.term != term)
        let ingested = rebuild ? entry.documents + entry.payloads : entry.payloads
        for payload in ingested { thresholds[payload.feedID] = payload.staleAfter }
        return ingested
    }

    /// The stale threshold the engine gave feed `id`, nil for a feed never relayed.
    public func staleAfter(_ id: String) -> Double? {
        thresholds[id]
    }

    /// Payloads kept between two ticks (a tick comes every second or so: a few per feed).
    public static let maximumPending = 256
}
