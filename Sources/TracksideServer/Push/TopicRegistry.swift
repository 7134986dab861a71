import TransitEngine

/// One thing a connection follows: its view, a station's or bus stop's board and alerts, a
/// route's alerts, or one vehicle.
public enum Topic: Hashable, Sendable {
    /// A view (tiles and filter); a connection shows at most one.
    case region(Region)
    /// A station's or a bus stop's arrivals and alerts (stations and bus stops share one id space).
    case station(String)
    /// A route's alerts.
    case route(String)
    /// One vehicle, whatever view the connection shows.
    case vehicle(String)
}

/// Who follows each topic, and what the followers of each topic were last sent: the one
/// place the push side keeps "what was last sent", so each topic is diffed once per tick.
///
/// A topic exists while someone follows it: when its last follower leaves, what it was sent
/// is forgotten too, so a later follower starts afresh.
///
/// Adding a topic kind (the vehicle watch is the model: `.vehicle`, `Sent.vehicle`,
/// `ClientSession.vehicles`, `PushHub.updateVehicles`):
/// 1. a case in `Topic`, and, if its followers are sent something that must be diffed, a field
///    in `TopicRegistry.Sent`;
/// 2. `ClientSession.topics` lists the connection's topics of that kind (the session parses the
///    op and enforces its limits);
/// 3. `PushHub.followed(_:by:)` says what a new follower gets at once, and `PushHub.publish`
///    what the tick sends the topic's followers (diffed against `sent(to:)`).
/// Connect, disconnect, leave and unwatch need nothing: the hub diffs a session's topics before
/// and after each message, and disconnect unfollows all of them.
public struct TopicRegistry: Sendable {
    /// What one topic's followers were last sent.
    public struct Sent: Sendable {
        /// A station's or bus stop's last board and its bytes (a board is resent only when what
        /// it shows changed, not its time: `ArrivalBoard.showsTheSame(as:)`).
        public var board: (board: ArrivalBoard, message: [UInt8])?
        /// A station's or route's alerts, by alert id.
        public var alerts: [String: PublishedAlert]?
        /// A vehicle's last `vehicle` message (its card).
        public var vehicle: [UInt8]?
        /// A station's last elevators and their `elevators` message.
        public var elevators: (elevators: StationElevators, message: [UInt8])?
    }

    private var followers: [Topic: Set<ClientID>] = [:]
    private var sent: [Topic: Sent] = [:]

    public init() {}

    /// Adds a follower; true when `client` did not follow `topic` yet.
    @discardableResult
    public mutating func follow(_ topic: Topic, by client: ClientID) -> Bool {
        followers[topic, default: []].insert(client).inserted
    }

    /// Removes a follower; the last one takes the topic and what it was sent with it.
    public mutating func unfollow(_ topic: Topic, by client: ClientID) {
        followers[topic]?.remove(client)
        if followers[topic]?.isEmpty == true {
            followers[topic] = nil
            sent[topic] = nil
        }
    }

    /// Who follows `topic`.
    public func followers(of topic: Topic) -> Set<ClientID> {
        followers[topic] ?? []
    }

    /// Every followed topic with its followers.
    public var topics: [Topic: Set<ClientID>] { followers }

    /// What `topic`'s followers were last sent.
    public func sent(to topic: Topic) -> Sent {
        sent[topic] ?? Sent()
    }

    /// Records what `topic`'s followers were sent; ignored for a topic nobody follows.
    public mutating func record(_ update: (inout Sent) -> Void, for topic: Topic) {
        guard followers[topic] != nil else { return }
        update(&sent[topic, default: Sent()])
    }
}
