import TransitEngine

/// The push protocol's functional core: connections, their views, the published vehicles,
/// and what to send to whom after each event. No threads, sockets or clocks: the caller
/// serialises calls and passes `now`; every call returns the messages to deliver.
///
/// A tick's delta is built once per distinct region (tiles + filter), and every connection
/// showing that region receives the same bytes — the unit the transport compresses once.
public struct PushHub: Sendable {
    /// One message and everyone who should receive it, in order of the calls that made them.
    public struct Delivery: Sendable {
        public let message: [UInt8]
        public let recipients: [ClientID]
        /// When set, the recipients' connections are closed with 1008 (policy violation) and this
        /// reason once the message is sent.
        public var closeReason: String?

        public init(message: [UInt8], recipients: [ClientID], closeReason: String? = nil) {
            self.message = message
            self.recipients = recipients
            self.closeReason = closeReason
        }
    }

    /// Fixed per server run.
    public struct Configuration: Sendable {
        /// Random per server start; clients resume only within one epoch.
        public var epoch: String
        /// `demo`, `mta` or `replay`, shown in `hello`.
        public var source: String
        public var grid: TileGrid = .standard
        public var limits = PushLimits()
        /// Seconds of deltas kept for `resume`.
        public var historyRetention: Double = 120
        /// The version `hello` announces; pages reload themselves when it changes.
        public var version = TracksideVersion.current
        /// What connections may watch; any id by default.
        public var directory = WatchDirectory()

        public init(epoch: String, source: String) {
            self.epoch = epoch
            self.source = source
        }
    }

    public let configuration: Configuration
    private var board: VehicleBoard
    private var history: DeltaHistory
    /// The latest tick's number (0 before the first tick) and time in seconds.
    public private(set) var seq: UInt64 = 0
    public private(set) var tickTime: Double = 0
    /// The feeds' clock at the latest tick (a replay's is the recording's), nil before the first.
    public private(set) var feedTime: Double?
    private var sessions: [ClientID: ClientSession] = [:]
    /// Who follows what, and what each topic was last sent.
    private var registry = TopicRegistry()
    /// Subscribe/resume messages refused by a session's rate limit, over all connections ever.
    public private(set) var rateLimitedCount = 0
    /// Messages refused by a session's message budget, and connections closed for exceeding it.
    public private(set) var overBudgetCount = 0
    public private(set) var closedOverBudgetCount = 0
    /// The latest alerts, in feed order, and the feeds' time they were computed at.
    private var alerts: [PublishedAlert] = []
    private var alertsTime: Double = 0
    /// Whether those alerts may be out of date (`ServerMessage.alerts`' `stale`).
    private var alertsStale = false

    public init(configuration: Configuration) {
        self.configuration = configuration
        board = VehicleBoard(grid: configuration.grid)
        history = DeltaHistory(retention: configuration.historyRetention)
    }

    /// How many connections are open, and how many distinct regions they show.
    public var connectionCount: Int { sessions.count }
    public var regionCount: Int { regions.count }
    /// Connections showing a view, and station and route watches over all connections.
    public var subscriptionCount: Int { regions.reduce(0) { $0 + $1.clients.count } }
    public var watchCount: Int {
        registry.topics.reduce(0) { count, topic in
            switch topic.key {
            case .station, .route, .vehicle: count + topic.value.count
            case .region: count
            }
        }
    }
    /// Stations (and bus stops) someone watches: the tick computes arrivals only for these.
    public var watchedStations: Set<String> {
        Set(registry.topics.keys.compactMap { if case .station(let id) = $0 { id } else { nil } })
    }

    /// Vehicles someone watches: the tick computes itineraries only for these.
    public var watchedVehicles: Set<String> {
        Set(registry.topics.keys.compactMap { if case .vehicle(let id) = $0 { id } else { nil } })
    }

    /// The regions shown, with who shows each.
    private var regions: [(region: Region, clients: Set<ClientID>)] {
        registry.topics.compactMap { topic in
            if case .region(let region) = topic.key { (region, topic.value) } else { nil }
        }
    }

    /// A new connection: its `hello`.
    public mutating func connect(_ client: ClientID) -> Delivery {
        sessions[client] = ClientSession(limits: configuration.limits)
        let hello = ServerMessage.hello(server: "trackside/\(configuration.version)",
                                        epoch: configuration.epoch, source: configuration.source)
        return Delivery(message: hello, recipients: [client])
    }

    /// Forgets a closed connection and everything it followed.
    public mutating func disconnect(_ client: ClientID) {
        guard let session = sessions.removeValue(forKey: client) else { return }
        for topic in session.topics { registry.unfollow(topic, by: client) }
    }

    /// A text message from a connection: its reply, then what each topic it started following
    /// sends a new follower at once (`followed(_:by:)`).
    public mutating func receive(_ text: String, from client: ClientID, now: Double) -> [Delivery] {
        guard var session = sessions[client] else { return [] }
        let previous = session
        let before = session.topics
        let reply = session.handle(text, context: context, now: now)
        sessions[client] = session
        rateLimitedCount += session.rateLimited - previous.rateLimited
        if let closing = judgeBudget(before: previous, after: session, reply: reply, client: client) { return [closing] }
        var deliveries = reply.map { [Delivery(message: $0, recipients: [client])] } ?? []
        let after = session.topics
        for topic in before.subtracting(after) { registry.unfollow(topic, by: client) }
        // In a stable order, so a watch of several topics at once always answers the same way.
        for topic in session.orderedTopics where !before.contains(topic) {
            registry.follow(topic, by: client)
            deliveries += followed(topic, by: client)
        }
        return deliveries
    }

    /// A binary message from a connection: `bad_request`, within the message budget.
    public mutating func receiveBinary(from client: ClientID, now: Double) -> [Delivery] {
        guard var session = sessions[client] else { return [] }
        let before = session
        let reply = session.handleBinary(now: now, limits: configuration.limits)
        sessions[client] = session
        if let closing = judgeBudget(before: before, after: session, reply: reply, client: client) { return [closing] }
        return reply.map { [Delivery(message: $0, recipients: [client])] } ?? []
    }

    /// Counts a message the budget refused; when the session just gave up on the connection,
    /// the last reply with the order to close it.
    private mutating func judgeBudget(before: ClientSession, after: ClientSession, reply: [UInt8]?,
                                      client: ClientID) -> Delivery? {
        overBudgetCount += after.overBudget - before.overBudget
        guard after.isClosing, !before.isClosing else { return nil }
        closedOverBudgetCount += 1
        return Delivery(message: reply ?? [], recipients: [client], closeReason: "message budget exceeded")
    }

    /// What a new follower of `topic` gets at once: a station its latest board and its alerts
    /// (`reset`), a route its alerts, a vehicle its card as last pushed (a vehicle nobody watched
    /// yet gets its first with the next tick); a view is answered by the subscribe reply itself.
    private mutating func followed(_ topic: Topic, by client: ClientID) -> [Delivery] {
        switch topic {
        case .station(let station):
            let board = registry.sent(to: topic).board.map { [Delivery(message: $0.message, recipients: [client])] } ?? []
            return board + [alertReset(.station(station), to: client)]
        case .route(let route):
            return [alertReset(.route(route), to: client)]
        case .vehicle:
            return registry.sent(to: topic).vehicle.map { [Delivery(message: $0, recipients: [client])] } ?? []
        case .region:
            return []
        }
    }

    /// The hook for vehicle cards, called after each `publish`: the itineraries of the watched
    /// vehicles (`VehicleItinerary.writeMembers` fragments, by vehicle id). Each watched
    /// vehicle's watchers get a `vehicle` message with its published state and itinerary when
    /// either changed, and one with `"vehicle":null` when it is no longer published.
    public mutating func updateVehicles(itineraries: [String: [UInt8]]) -> [Delivery] {
        var deliveries: [Delivery] = []
        for (topic, followers) in registry.topics {
            guard case .vehicle(let id) = topic else { continue }
            let published = board.vehicles[id]
            let message = ServerMessage.vehicle(id: id, state: published?.json,
                                                itinerary: published == nil ? nil : itineraries[id] ?? [])
            guard registry.sent(to: topic).vehicle != message else { continue }
            registry.record({ $0.vehicle = message }, for: topic)
            deliveries.append(Delivery(message: message, recipients: Array(followers)))
        }
        return deliveries
    }

    /// `GET /api/vehicles/{id}`: the published state of one vehicle, nil when no such vehicle is published.
    public func vehicle(_ id: String) -> VehicleState? {
        board.vehicles[id]?.state
    }

    /// New alerts computed at `now` (the feeds' time), `stale` when an alerts feed is: each
    /// watched station or route whose alerts changed gets one `alerts` message with what was added,
    /// updated and removed; when only the staleness changed, every watched scope gets one with
    /// nothing added, updated or removed.
    public mutating func updateAlerts(_ alerts: [PublishedAlert], stale: Bool, now: Double) -> [Delivery] {
        let stalenessChanged = stale != alertsStale
        self.alerts = alerts
        alertsTime = now
        alertsStale = stale
        var deliveries: [Delivery] = []
        for (topic, followers) in registry.topics {
            guard let scope = AlertScope(topic), let sent = registry.sent(to: topic).alerts else { continue }
            let next = alerts.filter(scope.covers)
            let diff = AlertDiff(previous: sent, next: next)
            guard !diff.isEmpty || stalenessChanged else { continue }
            registry.record({ $0.alerts = AlertDiff.current(next) }, for: topic)
            let message = ServerMessage.alerts(scope: scope, timestamp: now, stale: stale, reset: false, diff: diff)
            deliveries.append(Delivery(message: message, recipients: Array(followers)))
        }
        return deliveries
    }

    /// A new watcher's first alerts message: the scope's whole current set.
    private mutating func alertReset(_ scope: AlertScope, to client: ClientID) -> Delivery {
        let current = alerts.filter(scope.covers)
        registry.record({ $0.alerts = AlertDiff.current(current) }, for: Topic(scope))
        let message = ServerMessage.alerts(scope: scope, timestamp: alertsTime, stale: alertsStale, reset: true,
                                           diff: AlertDiff(previous: [:], next: current))
        return Delivery(message: message, recipients: [client])
    }

    /// A new tick: diffs `states` against the published ones (skipping states a client can
    /// extrapolate, see `VehicleState.isRepublication(of:)`), publishes the result and
    /// returns one delta per region that changed, plus one empty delta shared by every
    /// other subscriber — so each client sees every seq and can tell a lost message from a
    /// quiet tick.
    /// `feedTime` is the feeds' clock at the tick, which every delta carries as `feed_ts`.
    public mutating func publish(_ states: [VehicleState], now: Double, feedTime: Double? = nil) -> [Delivery] {
        // Vehicles a client already draws right keep their published state, so they are not resent.
        let published = board.states
        let next = states.map { state in
            published[state.id].flatMap { $0.isRepublication(of: state) ? $0 : nil } ?? state
        }
        let diff = VehicleDiff(previous: published, next: next)
        let changes = board.apply(diff)
        seq += 1
        tickTime = now
        self.feedTime = feedTime
        history.record(seq: seq, time: now, changes: changes)
        let timestamp = ClientSession.milliseconds(now)
        var deliveries: [Delivery] = []
        var unchanged: [ClientID] = []
        for (region, clients) in regions {
            let delta = changes.delta(for: region)
            guard !delta.upserts.isEmpty || !delta.removals.isEmpty else {
                unchanged.append(contentsOf: clients)
                continue
            }
            let message = ServerMessage.delta(epoch: configuration.epoch, seq: seq, timestampMilliseconds: timestamp,
                                              feedTime: feedTime, upserts: delta.upserts, removals: delta.removals)
            deliveries.append(Delivery(message: message, recipients: Array(clients)))
        }
        if !unchanged.isEmpty {
            let empty = ServerMessage.delta(epoch: configuration.epoch, seq: seq, timestampMilliseconds: timestamp,
                                            feedTime: feedTime, upserts: [], removals: [])
            deliveries.append(Delivery(message: empty, recipients: unchanged))
        }
        return deliveries
    }

    /// The watched stations' (and bus stops') boards of a tick: each goes to its watchers when
    /// what it shows differs from what they were last sent (its time alone is no change; a
    /// group turning stale or current is). Boards nobody watches are ignored.
    public mutating func updateBoards(_ boards: [ArrivalBoard]) -> [Delivery] {
        var deliveries: [Delivery] = []
        for board in boards {
            let topic = Topic.station(board.stationID)
            let followers = registry.followers(of: topic)
            guard !followers.isEmpty else { continue }
            if let sent = registry.sent(to: topic).board, sent.board.showsTheSame(as: board) { continue }
            let message = ServerMessage.arrivals(board)
            registry.record({ $0.board = (board, message) }, for: topic)
            deliveries.append(Delivery(message: message, recipients: Array(followers)))
        }
        return deliveries
    }

    /// `GET /api/vehicles`: the latest tick's vehicles in a box, with the same outward
    /// rounding to tiles as a subscription, so REST and WebSocket views agree.
    public func vehicleList(_ view: ClientRequest.ViewRequest) throws(PushRequestError) -> [UInt8] {
        ServerMessage.vehicleList(try listing(view))
    }

    /// The latest tick's published vehicles in `view`, refused as a subscription to it would be: what
    /// `GET /api/vehicles` and its GeoJSON export answer with.
    public func listing(_ view: ClientRequest.ViewRequest) throws(PushRequestError) -> VehicleListing {
        let region = Region(tiles: board.grid.tiles(covering: view.box), filter: view.filter)
        let vehicles = board.vehicles(in: region)
        try configuration.limits.checkBudget(of: vehicles)
        return VehicleListing(epoch: configuration.epoch, seq: seq, timestampMilliseconds: ClientSession.milliseconds(tickTime),
                              vehicles: vehicles)
    }

    private var context: ClientSession.Context {
        ClientSession.Context(epoch: configuration.epoch, seq: seq, board: board, history: history,
                              limits: configuration.limits, feedTime: feedTime, directory: configuration.directory)
    }
}

extension AlertScope {
    /// The alerts scope of a topic: stations and routes have alerts, views and vehicles none.
    init?(_ topic: Topic) {
        switch topic {
        case .station(let station): self = .station(station)
        case .route(let route): self = .route(route)
        case .region, .vehicle: return nil
        }
    }
}

extension Topic {
    /// The topic whose followers receive `scope`'s alerts.
    init(_ scope: AlertScope) {
        switch scope {
        case .station(let station): self = .station(station)
        case .route(let route): self = .route(route)
        }
    }
}

extension ArrivalBoard {
    /// Whether `other` shows what this board shows: the same groups and trains terminating
    /// (minutes included), stale routes and next scheduled service, whatever their times.
    func showsTheSame(as other: ArrivalBoard) -> Bool {
        groups == other.groups && terminating == other.terminating && staleRoutes == other.staleRoutes
            && nextService == other.nextService
    }
}
