import TransitEngine

/// The push protocol's functional core: connections, their views, the published vehicles,
/// and what to send to whom after each event. This file holds the state and the connections'
/// lifecycle (connect, receive, follow, disconnect); what each kind of topic publishes is in its
/// own extension: `+Vehicles` (the tick's deltas, REST listings, vehicle cards), `+Boards`, `+Alerts`. No threads, sockets or clocks: the caller
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

    /// The epoch changes only when an edge follows a stream of another epoch (`load`).
    public internal(set) var configuration: Configuration
    var board: VehicleBoard
    var history: DeltaHistory
    /// The latest tick's number (0 before the first tick) and time in seconds.
    public internal(set) var seq: UInt64 = 0
    public internal(set) var tickTime: Double = 0
    /// The feeds' clock at the latest tick (a replay's is the recording's), nil before the first.
    public internal(set) var feedTime: Double?
    private var sessions: [ClientID: ClientSession] = [:]
    /// Who follows what, and what each topic was last sent.
    var registry = TopicRegistry()
    /// Subscribe/resume messages refused by a session's rate limit, over all connections ever.
    public private(set) var rateLimitedCount = 0
    /// Messages refused by a session's message budget, and connections closed for exceeding it.
    public private(set) var overBudgetCount = 0
    public private(set) var closedOverBudgetCount = 0
    /// The latest alerts, in feed order, and the feeds' time they were computed at.
    var alerts: [PublishedAlert] = []
    var alertsTime: Double = 0
    /// Whether those alerts may be out of date (`ServerMessage.alerts`' `stale`).
    var alertsStale = false

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
    var regions: [(region: Region, clients: Set<ClientID>)] {
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

    /// What a new follower of `topic` gets at once: a station its latest board, its alerts
    /// (`reset`) and its last elevators message, a route its alerts, a vehicle its card as last pushed (a vehicle nobody watched
    /// yet gets its first with the next tick); a view is answered by the subscribe reply itself.
    private mutating func followed(_ topic: Topic, by client: ClientID) -> [Delivery] {
        switch topic {
        case .station(let station):
            let sent = registry.sent(to: topic)
            let board = sent.board.map { [Delivery(message: $0.message, recipients: [client])] } ?? []
            let elevators = sent.elevators.map { [Delivery(message: $0.message, recipients: [client])] } ?? []
            return board + [alertReset(.station(station), to: client)] + elevators
        case .route(let route):
            return [alertReset(.route(route), to: client)]
        case .vehicle:
            return registry.sent(to: topic).vehicle.map { [Delivery(message: $0, recipients: [client])] } ?? []
        case .region:
            return []
        }
    }

    private var context: ClientSession.Context {
        ClientSession.Context(epoch: configuration.epoch, seq: seq, board: board, history: history,
                              limits: configuration.limits, feedTime: feedTime, directory: configuration.directory)
    }
}
