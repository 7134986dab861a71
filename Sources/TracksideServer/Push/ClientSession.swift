/// One connection's side of the push protocol, as a state machine without I/O: a client
/// text message in, at most one reply out, given the published state it reads from.
///
/// It keeps the connection's view (region), watched stations, its message budget (every op) and
/// the subscribe rate limit.
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
    /// Messages refused by the message budget so far.
    public private(set) var overBudget = 0
    /// Set once the connection kept exceeding its message budget: it is to be closed with 1008,
    /// and every later message is ignored.
    public private(set) var isClosing = false
    private var subscribeBudget: TokenBucket
    private var messageBudget: MessageBudget

    public init(limits: PushLimits) {
        subscribeBudget = TokenBucket(capacity: limits.subscribeBurst, refillPerSecond: limits.subscribesPerSecond)
        messageBudget = MessageBudget(limits: limits)
    }

    /// Handles one client text message at `now` (seconds since the Unix epoch) and returns
    /// the reply to send, if any: a snapshot, a delta or an error. Malformed input only ever
    /// produces an error reply; the connection stays open.
    /// Every message first spends the message budget, before it is parsed; over budget it is
    /// refused with `rate_limited`, and a connection that keeps exceeding it gets a last
    /// `rate_limited` saying so and `isClosing`.
    public mutating func handle(_ text: String, context: Context, now: Double) -> [UInt8]? {
        guard !isClosing else { return nil }
        do throws(PushRequestError) {
            try spendBudget(context.limits, now: now)
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

    /// A binary message, which the protocol does not use: it spends the budget like any other
    /// and is answered with `bad_request`.
    public mutating func handleBinary(now: Double, limits: PushLimits) -> [UInt8]? {
        guard !isClosing else { return nil }
        do throws(PushRequestError) {
            try spendBudget(limits, now: now)
            throw PushRequestError(.badRequest, "messages are JSON text; binary messages are not understood")
        } catch {
            return ServerMessage.error(error)
        }
    }

    private mutating func spendBudget(_ limits: PushLimits, now: Double) throws(PushRequestError) {
        switch messageBudget.admit(now: now) {
        case .accept:
            return
        case .refuse(let retryAfter):
            overBudget += 1
            let wait = Int((retryAfter * 1000).rounded(.up))
            throw PushRequestError(.rateLimited, "more than \(Self.number(limits.messagesPerSecond)) messages a second; retry in \(wait) ms")
        case .close:
            overBudget += 1
            isClosing = true
            throw PushRequestError(.rateLimited, "closing: messages kept exceeding \(Self.number(limits.messagesPerSecond)) a second")
        }
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
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
        return try context.board.admit(view, within: context.limits)
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
