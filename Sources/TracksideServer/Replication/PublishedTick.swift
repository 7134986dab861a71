import TransitEngine

/// What one tick of the publishing engine becomes on the Redis stream (one entry): the push protocol's
/// position (epoch, seq, tick time, feeds' time), the vehicles that changed as the hub diffed
/// them — or, in a keyframe, every published vehicle — and what REST and the watchers need from
/// the same tick (alerts when they changed, every feed's health, and the feed payloads the tick
/// read, from which an edge computes the same arrival boards, vehicle cards and alerts).
///
/// An edge that applies entries in order holds exactly the board, the resume history and the
/// seq the engine's hub holds, so a client may `resume` on any edge (`PushHub.apply(_:)`).
public struct PublishedTick: Equatable, Sendable {
    /// The push protocol's epoch; it lives as long as the stream does, across engine restarts.
    public var epoch: String
    /// The tick's seq, which every delta of that tick carries.
    public var seq: UInt64
    /// The fencing term of the engine that wrote it (from `INCR` when it took the lease).
    public var term: UInt64
    /// When the engine published the tick (seconds since the Unix epoch): deltas' `ts`.
    public var tickTime: Double
    /// The feeds' clock at the tick (`feed_ts`), nil when the tick had none.
    public var feedTime: Double?
    /// Whether `vehicles` is the whole board (every few ticks and a new leader's first entry)
    /// rather than the vehicles that changed.
    public var isKeyframe: Bool
    /// Keyframe: every published vehicle, by id. Otherwise the diff's upserts, in its order.
    public var vehicles: [VehicleState]
    /// The diff's removals (empty in a keyframe: absence from the board is the removal).
    public var removals: [String]
    /// The alerts in force, when they changed since the previous entry (always in a keyframe);
    /// nil when unchanged.
    public var alerts: [PublishedAlert]?
    /// Whether an alerts feed was stale at the tick.
    public var alertsStale: Bool
    /// Every feed's health as the tick judged it (`/api/feeds`, `/readyz`).
    public var feedStatus: [FeedStatus]
    /// The feed payloads the engine ingested since its previous tick, in order (`FeedRelay`).
    public var payloads: [RelayedPayload]
    /// Keyframe: the latest accepted document of every feed, from which a joining edge rebuilds
    /// its feed store; empty otherwise.
    public var documents: [RelayedPayload]

    public init(epoch: String, seq: UInt64, term: UInt64, tickTime: Double, feedTime: Double?, isKeyframe: Bool,
                vehicles: [VehicleState], removals: [String] = [], alerts: [PublishedAlert]? = nil,
                alertsStale: Bool = false, feedStatus: [FeedStatus] = [],
                payloads: [RelayedPayload] = [], documents: [RelayedPayload] = []) {
        self.epoch = epoch
        self.seq = seq
        self.term = term
        self.tickTime = tickTime
        self.feedTime = feedTime
        self.isKeyframe = isKeyframe
        self.vehicles = vehicles
        self.removals = removals
        self.alerts = alerts
        self.alertsStale = alertsStale
        self.feedStatus = feedStatus
        self.payloads = payloads
        self.documents = documents
    }

    /// The entry's Redis stream id, `term-seq`: ids must grow, so once a new leader wrote its
    /// first entry every id of an older term is refused by Redis itself (the fence).
    public var streamID: String { "\(term)-\(seq)" }
}
