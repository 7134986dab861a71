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
    private var sessions: [ClientID: ClientSession] = [:]
    private var subscribers: [Region: Set<ClientID>] = [:]
    private var watchers: [String: Set<ClientID>] = [:]
    private var stationMessages: [String: [UInt8]] = [:]
    /// Subscribe/resume messages refused by a session's rate limit, over all connections ever.
    public private(set) var rateLimitedCount = 0
    /// Messages refused by a session's message budget, and connections closed for exceeding it.
    public private(set) var overBudgetCount = 0
    public private(set) var closedOverBudgetCount = 0
    private var routeWatchers: [String: Set<ClientID>] = [:]
    /// The latest alerts, in feed order, and the feeds' time they were computed at.
    private var alerts: [PublishedAlert] = []
    private var alertsTime: Double = 0
    /// Whether those alerts may be out of date (`ServerMessage.alerts`' `stale`).
    private var alertsStale = false
    /// What the watchers of each watched scope were last sent, by alert id.
    private var sentAlerts: [AlertScope: [String: PublishedAlert]] = [:]

    public init(configuration: Configuration) {
        self.configuration = configuration
        board = VehicleBoard(grid: configuration.grid)
        history = DeltaHistory(retention: configuration.historyRetention)
    }

    /// How many connections are open, and how many distinct regions they show.
    public var connectionCount: Int { sessions.count }
    public var regionCount: Int { subscribers.count }
    /// Connections showing a view, and station and route watches over all connections.
    public var subscriptionCount: Int { subscribers.values.reduce(0) { $0 + $1.count } }
    public var watchCount: Int { (Array(watchers.values) + routeWatchers.values).reduce(0) { $0 + $1.count } }
    /// Stations someone watches: the tick computes arrivals only for these.
    public var watchedStations: Set<String> { Set(watchers.keys) }

    /// A new connection: its `hello`.
    public mutating func connect(_ client: ClientID) -> Delivery {
        sessions[client] = ClientSession(limits: configuration.limits)
        let hello = ServerMessage.hello(server: "trackside/\(configuration.version)",
                                        epoch: configuration.epoch, source: configuration.source)
        return Delivery(message: hello, recipients: [client])
    }

    /// Forgets a closed connection.
    public mutating func disconnect(_ client: ClientID) {
        guard let session = sessions.removeValue(forKey: client) else { return }
        if let region = session.region { leave(region, client) }
        for station in session.stations { unwatch(station, client) }
        for route in session.routes { unwatchRoute(route, client) }
    }

    /// A text message from a connection: its reply, and when the message started a watch, the
    /// station's latest arrivals message and the scope's current alerts (`reset`).
    public mutating func receive(_ text: String, from client: ClientID, now: Double) -> [Delivery] {
        guard var session = sessions[client] else { return [] }
        let before = session
        let reply = session.handle(text, context: context, now: now)
        sessions[client] = session
        rateLimitedCount += session.rateLimited - before.rateLimited
        if let closing = judgeBudget(before: before, after: session, reply: reply, client: client) { return [closing] }
        if before.region != session.region {
            if let old = before.region { leave(old, client) }
            if let new = session.region { subscribers[new, default: []].insert(client) }
        }
        var deliveries = reply.map { [Delivery(message: $0, recipients: [client])] } ?? []
        for station in before.stations.subtracting(session.stations) { unwatch(station, client) }
        for station in session.stations.subtracting(before.stations) {
            watchers[station, default: []].insert(client)
            if let message = stationMessages[station] { deliveries.append(Delivery(message: message, recipients: [client])) }
            deliveries.append(alertReset(.station(station), to: client))
        }
        for route in before.routes.subtracting(session.routes) { unwatchRoute(route, client) }
        for route in session.routes.subtracting(before.routes) {
            routeWatchers[route, default: []].insert(client)
            deliveries.append(alertReset(.route(route), to: client))
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
        for (scope, sent) in sentAlerts {
            let next = alerts.filter(scope.covers)
            let diff = AlertDiff(previous: sent, next: next)
            guard !diff.isEmpty || stalenessChanged else { continue }
            sentAlerts[scope] = AlertDiff.current(next)
            let message = ServerMessage.alerts(scope: scope, timestamp: now, stale: stale, reset: false, diff: diff)
            deliveries.append(Delivery(message: message, recipients: Array(alertWatchers(of: scope))))
        }
        return deliveries
    }

    /// A new watcher's first alerts message: the scope's whole current set.
    private mutating func alertReset(_ scope: AlertScope, to client: ClientID) -> Delivery {
        let current = alerts.filter(scope.covers)
        sentAlerts[scope] = AlertDiff.current(current)
        let message = ServerMessage.alerts(scope: scope, timestamp: alertsTime, stale: alertsStale, reset: true,
                                           diff: AlertDiff(previous: [:], next: current))
        return Delivery(message: message, recipients: [client])
    }

    private func alertWatchers(of scope: AlertScope) -> Set<ClientID> {
        switch scope {
        case .station(let station): watchers[station] ?? []
        case .route(let route): routeWatchers[route] ?? []
        }
    }

    /// A new tick: diffs `states` against the published ones (skipping states a client can
    /// extrapolate, see `VehicleState.isRepublication(of:)`), publishes the result and
    /// returns one delta per region that changed, plus one empty delta shared by every
    /// other subscriber — so each client sees every seq and can tell a lost message from a
    /// quiet tick.
    public mutating func publish(_ states: [VehicleState], now: Double) -> [Delivery] {
        // Vehicles a client already draws right keep their published state, so they are not resent.
        let published = board.states
        let next = states.map { state in
            published[state.id].flatMap { $0.isRepublication(of: state) ? $0 : nil } ?? state
        }
        let diff = VehicleDiff(previous: published, next: next)
        let changes = board.apply(diff)
        seq += 1
        tickTime = now
        history.record(seq: seq, time: now, changes: changes)
        let timestamp = ClientSession.milliseconds(now)
        var deliveries: [Delivery] = []
        var unchanged: [ClientID] = []
        for (region, clients) in subscribers {
            let delta = changes.delta(for: region)
            guard !delta.upserts.isEmpty || !delta.removals.isEmpty else {
                unchanged.append(contentsOf: clients)
                continue
            }
            let message = ServerMessage.delta(epoch: configuration.epoch, seq: seq, timestampMilliseconds: timestamp,
                                              upserts: delta.upserts, removals: delta.removals)
            deliveries.append(Delivery(message: message, recipients: Array(clients)))
        }
        if !unchanged.isEmpty {
            let empty = ServerMessage.delta(epoch: configuration.epoch, seq: seq, timestampMilliseconds: timestamp,
                                            upserts: [], removals: [])
            deliveries.append(Delivery(message: empty, recipients: unchanged))
        }
        return deliveries
    }

    /// The hook for station arrivals: stores a station's latest message and sends it to the
    /// station's watchers when it differs from the previous one.
    public mutating func updateStation(_ station: String, message: [UInt8]) -> [Delivery] {
        guard stationMessages[station] != message else { return [] }
        stationMessages[station] = message
        guard let clients = watchers[station], !clients.isEmpty else { return [] }
        return [Delivery(message: message, recipients: Array(clients))]
    }

    /// `GET /api/vehicles`: the latest tick's vehicles in a box, with the same outward
    /// rounding to tiles as a subscription, so REST and WebSocket views agree.
    public func vehicleList(_ view: ClientRequest.ViewRequest) throws(PushRequestError) -> [UInt8] {
        try configuration.limits.checkSpan(of: view.box)
        let region = Region(tiles: board.grid.tiles(covering: view.box), filter: view.filter)
        let vehicles = board.vehicles(in: region)
        try configuration.limits.checkCount(vehicles.count)
        return ServerMessage.vehicleList(epoch: configuration.epoch, seq: seq,
                                         timestampMilliseconds: ClientSession.milliseconds(tickTime), vehicles: vehicles)
    }

    private var context: ClientSession.Context {
        ClientSession.Context(epoch: configuration.epoch, seq: seq, board: board, history: history,
                              limits: configuration.limits)
    }

    private mutating func leave(_ region: Region, _ client: ClientID) {
        subscribers[region]?.remove(client)
        if subscribers[region]?.isEmpty == true { subscribers[region] = nil }
    }

    private mutating func unwatch(_ station: String, _ client: ClientID) {
        watchers[station]?.remove(client)
        if watchers[station]?.isEmpty == true {
            watchers[station] = nil
            sentAlerts[.station(station)] = nil
        }
    }

    private mutating func unwatchRoute(_ route: String, _ client: ClientID) {
        routeWatchers[route]?.remove(client)
        if routeWatchers[route]?.isEmpty == true {
            routeWatchers[route] = nil
            sentAlerts[.route(route)] = nil
        }
    }
}
