/// One connection's side of the push protocol, as a state machine without I/O: a client
/// text message in, at most one reply out, given the published state it reads from.
///
/// It keeps the connection's view (region), watched stations and subscribe rate limit.
/// The hub owns sessions and calls them on its one serial queue, so a reply is always
/// computed against the same published tick the connection was last sent.
public struct ClientSession: Sendable {
    /// What a session reads to answer: the latest published tick and its history.
    public struct Context: Sendable {
        public var epoch: String
        public var seq: UInt64
        public var board: VehicleBoard
        public var history: DeltaHistory
        public var limits: PushLimits
        /// The feeds' clock at the latest tick (nil before it), which messages carry as `feed_ts`.
        public var feedTime: Double?
        /// What may be watched.
        public var directory: WatchDirectory

        public init(epoch: String, seq: UInt64, board: VehicleBoard, history: DeltaHistory, limits: PushLimits,
                    feedTime: Double? = nil, directory: WatchDirectory = WatchDirectory()) {
            self.epoch = epoch
            self.seq = seq
            self.board = board
            self.history = history
            self.limits = limits
            self.feedTime = feedTime
            self.directory = directory
        }
    }

    /// The view this connection was last brought to; nil until its first subscribe/resume.
    public private(set) var region: Region?
    /// Stations whose arrivals and alerts this connection receives.
    public private(set) var stations: Set<String> = []
    /// Subscribe/resume messages refused by the rate limit so far.
    public private(set) var rateLimited = 0
    /// Routes whose alerts this connection receives.
    public private(set) var routes: Set<String> = []
    /// Vehicles whose cards this connection receives.
    public private(set) var vehicles: Set<String> = []
    private var subscribeBudget: TokenBucket

    public init(limits: PushLimits) {
        subscribeBudget = TokenBucket(capacity: limits.subscribeBurst, refillPerSecond: limits.subscribesPerSecond)
    }

    /// Handles one client text message at `now` (seconds since the Unix epoch) and returns
    /// the reply to send, if any: a snapshot, a delta or an error. Malformed input only ever
    /// produces an error reply; the connection stays open.
    public mutating func handle(_ text: String, context: Context, now: Double) -> [UInt8]? {
        do throws(PushRequestError) {
            switch try ClientRequest(parsing: text) {
            case .subscribe(let view):
                return try subscribe(view, context: context, now: now)
            case .resume(let epoch, let seq, let view):
                return try resume(epoch: epoch, seq: seq, view: view, context: context, now: now)
            case .watch(let station):
                try context.directory.checkPlace(station)
                if !stations.contains(station) { try checkWatchLimit(context.limits) }
                stations.insert(station)
                return nil
            case .unwatch(let station):
                stations.remove(station)
                return nil
            case .watchRoute(let route):
                try context.directory.checkRoute(route)
                if !routes.contains(route) { try checkWatchLimit(context.limits) }
                routes.insert(route)
                return nil
            case .unwatchRoute(let route):
                routes.remove(route)
                return nil
            case .watchVehicle(let vehicle):
                if !vehicles.contains(vehicle) {
                    try WatchDirectory.checkVehicle(vehicle, on: context.board)
                    try checkWatchLimit(context.limits)
                }
                vehicles.insert(vehicle)
                return nil
            case .unwatchVehicle(let vehicle):
                vehicles.remove(vehicle)
                return nil
            }
        } catch {
            return ServerMessage.error(error)
        }
    }

    /// Stations, routes and vehicles share one budget of watches.
    private func checkWatchLimit(_ limits: PushLimits) throws(PushRequestError) {
        guard stations.count + routes.count + vehicles.count < limits.maximumWatches else {
            throw PushRequestError(.tooManyWatches, "at most \(limits.maximumWatches) stations, routes and vehicles per connection")
        }
    }

    /// First subscribe: a snapshot. Later ones: the delta from the old view to the new one,
    /// so the client neither flickers nor receives what it already shows.
    private mutating func subscribe(_ view: ClientRequest.ViewRequest, context: Context, now: Double) throws(PushRequestError) -> [UInt8] {
        let (newRegion, visible) = try admit(view, context: context, now: now)
        defer { region = newRegion }
        guard let region else {
            return ServerMessage.snapshot(epoch: context.epoch, seq: context.seq,
                                          timestampMilliseconds: Self.milliseconds(now), feedTime: context.feedTime, vehicles: visible)
        }
        let shown = Set(context.board.vehicles(in: region).map(\.id))
        let visibleIDs = Set(visible.map(\.id))
        return ServerMessage.delta(epoch: context.epoch, seq: context.seq, timestampMilliseconds: Self.milliseconds(now), feedTime: context.feedTime,
                                   upserts: visible.filter { !shown.contains($0.id) },
                                   removals: shown.subtracting(visibleIDs).sorted())
    }

    /// The deltas missed since `seq` folded into one, when this epoch's history still holds
    /// them all; otherwise a fresh snapshot.
    private mutating func resume(epoch: String, seq: UInt64, view: ClientRequest.ViewRequest,
                                 context: Context, now: Double) throws(PushRequestError) -> [UInt8] {
        let (newRegion, visible) = try admit(view, context: context, now: now)
        region = newRegion
        if epoch == context.epoch, let missed = context.history.changes(after: seq) {
            let delta = missed.delta(for: newRegion)
            return ServerMessage.delta(epoch: context.epoch, seq: context.seq, timestampMilliseconds: Self.milliseconds(now), feedTime: context.feedTime,
                                       upserts: delta.upserts, removals: delta.removals)
        }
        return ServerMessage.snapshot(epoch: context.epoch, seq: context.seq,
                                      timestampMilliseconds: Self.milliseconds(now), feedTime: context.feedTime, vehicles: visible)
    }

    /// Applies the rate limit and the size limits; returns the region and what it shows now.
    private mutating func admit(_ view: ClientRequest.ViewRequest, context: Context,
                                now: Double) throws(PushRequestError) -> (Region, [PublishedVehicle]) {
        guard subscribeBudget.take(now: now) else {
            rateLimited += 1
            let wait = Int((subscribeBudget.wait(now: now) * 1000).rounded(.up))
            throw PushRequestError(.rateLimited, "too many subscribe/resume messages; retry in \(wait) ms")
        }
        let limits = context.limits
        try limits.checkSpan(of: view.box)
        let region = Region(tiles: context.board.grid.tiles(covering: view.box), filter: view.filter)
        let visible = context.board.vehicles(in: region)
        try limits.checkCount(visible.count)
        return (region, visible)
    }

    /// Every topic this connection follows (`TopicRegistry`): its view, stations, routes and vehicles.
    public var topics: Set<Topic> { Set(orderedTopics) }

    /// The same in a stable order: the view, then stations, routes and vehicles, each sorted.
    var orderedTopics: [Topic] {
        (region.map { [Topic.region($0)] } ?? []) + stations.sorted().map(Topic.station) + routes.sorted().map(Topic.route)
            + vehicles.sorted().map(Topic.vehicle)
    }

    static func milliseconds(_ seconds: Double) -> Int64 {
        Int64((seconds * 1000).rounded())
    }
}
