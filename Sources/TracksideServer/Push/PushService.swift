import Dispatch
import Foundation
import Synchronization
import TransitEngine

/// The imperative shell around `PushHub`: one serial queue owns the hub, so client
/// messages, ticks and REST reads are applied one at a time and every connection's
/// messages are produced in order.
///
/// Client messages do not go onto the queue one by one: they wait in an `InboundQueue` (one FIFO
/// per connection, bounded by the transport's read pause) and are handled in slices of at most
/// `sliceSize`, round-robin over connections, each slice one block on the queue. A tick's
/// `publish` therefore waits behind at most one slice, never behind a client's backlog, and one
/// connection's backlog delays another's next message by at most one turn. Each slice reports
/// its messages handled to their peers (`PushPeerSignal.handled`), which lets the transport read
/// more from them. Each delivery is turned into a `Frame` once (serialised
/// and compressed once); the frames a step produces (a tick's deltas to every view) go to
/// `send` as batches of (peer, frame) pairs, so the transport hands them over with one hop per
/// event loop and batch instead of one per connection. The batches are chunks of the step's
/// deliveries in order, growing (16, 32, 64, …), each sent as soon as its frames are prepared:
/// the event loops write the first views while this queue compresses the rest, and every
/// connection's frames keep their order (its loop runs the batches in the order they came).
/// Each tick's stages are timed into `stages`.
///
/// Generic over the peer and the frame so the shell is testable without sockets; the server
/// uses WebSocket sessions and prepared messages.
public final class PushService<Peer: Sendable, Frame: Sendable>: @unchecked Sendable {
    // @unchecked: `hub`, `peers` and `follower` are only touched on `queue`.
    let queue = DispatchQueue(label: "trackside-push", qos: .userInteractive)
    var hub: PushHub
    var peers: [ClientID: Peer] = [:]
    /// Where the hub is in the Redis stream, when one is followed (`follow(_:)`).
    private var follower = StreamFollower()
    private let lastClient = Atomic<UInt64>(0)
    let prepare: @Sendable ([UInt8], ContinuousClock.Instant?) -> Frame
    let send: @Sendable ([(Peer, Frame)], (@Sendable () -> Void)?) -> Void
    /// Where each tick's time goes (diff, serialise, compress, fanout; the tick loop adds placement).
    public let stages: TickStages
    let signal: @Sendable (Peer, PushPeerSignal) -> Void
    let clock: @Sendable () -> Double
    /// Client messages waiting for a slice, whether a slice is on the queue, whether the service
    /// stopped taking them (shutdown), and the connections being closed, whose messages are dropped.
    let inbound = Mutex<(queue: InboundQueue<Message>, sliceQueued: Bool, stopped: Bool, closing: Set<ClientID>)>(
        (InboundQueue(), false, false, []))

    /// What waits for a slice, in each connection's order: its registration first (so a slice
    /// queued before a connection existed still greets it before handling its messages), then its
    /// messages with their payload bytes, and where the transport waits for their answers
    /// (`whenAnswered(_:_:)`).
    enum Message: Sendable {
        case connect(Peer)
        case text(String)
        case binary(bytes: Int)
        case answered(@Sendable () -> Void)
    }

    /// Most client messages handled in one block on the queue.
    static var sliceSize: Int { 32 }

    /// - Parameters:
    ///   - prepare: builds the frame for one message; called once per delivery, with the start
    ///     of the tick that produced it for tick deltas (the origin of the delivery latency).
    ///   - send: hands a batch of frames to their peers, each peer's in order; when given the
    ///     closure, calls it once every frame of the batch is written (for a tick's fan-out time).
    ///   - signal: tells a peer its messages were handled, or to close (after its frames).
    ///   - clock: wall time in seconds since the Unix epoch (injected for tests).
    public init(configuration: PushHub.Configuration,
                prepare: @escaping @Sendable ([UInt8], ContinuousClock.Instant?) -> Frame,
                send: @escaping @Sendable (_ batch: [(Peer, Frame)], _ written: (@Sendable () -> Void)?) -> Void,
                signal: @escaping @Sendable (Peer, PushPeerSignal) -> Void = { _, _ in },
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                stages: TickStages = TickStages()) {
        hub = PushHub(configuration: configuration)
        self.stages = stages
        self.prepare = prepare
        self.send = send
        self.signal = signal
        self.clock = clock
    }

    public var configuration: PushHub.Configuration { queue.sync { hub.configuration } }

    /// Registers a connection; `peer` receives its frames in order, starting with `hello`.
    /// Returns at once (the caller is an event loop); the registration is queued before any
    /// message the connection sends afterwards.
    public func connect(_ peer: Peer) -> ClientID {
        let client = ClientID(lastClient.add(1, ordering: .relaxed).newValue)
        enqueue(.connect(peer), from: client)
        return client
    }

    /// A text message from a connection; answered asynchronously through its `send`.
    public func receive(_ text: String, from client: ClientID) {
        enqueue(.text(text), from: client)
    }

    /// Runs `action` once every message received from `client` so far has been answered (its
    /// deliveries handed to `send`), so the transport can write a close the client caused after
    /// those answers (`WebSocketSession.onPeerClosing`).
    /// It waits in the connection's own FIFO behind those messages, so a slice boundary between
    /// them cannot let it run first; a connection whose messages are no longer taken (closing,
    /// shutdown) has nothing left to answer and runs it at once.
    public func whenAnswered(_ client: ClientID, _ action: @escaping @Sendable () -> Void) {
        if !enqueue(.answered(action), from: client) { action() }
    }

    /// A binary message, which the protocol does not use: answered with `bad_request`.
    public func receiveBinary(_ bytes: Int, from client: ClientID) {
        enqueue(.binary(bytes: bytes), from: client)
    }

    /// Forgets a connection, with whatever it sent that is still waiting.
    public func disconnect(_ client: ClientID) {
        inbound.withLock { state in
            _ = state.queue.remove(client)
            state.closing.remove(client)
        }
        queue.async { [self] in
            peers[client] = nil
            hub.disconnect(client)
        }
    }

    /// Stops handling client messages and drops every one still waiting (shutdown: the
    /// connections are about to be closed, and nothing may keep the process past its grace).
    public func stopReceiving() {
        let dropped = inbound.withLock { state in
            state.stopped = true
            return state.queue.removeAll()
        }
        Self.releaseWaitingForAnswers(dropped.values.flatMap { $0 })
    }

    /// Publishes a tick's vehicles and waits until its frames are handed to the connections.
    /// `tickStarted` is when the tick began placing them; `feedTime` the feeds' clock they were placed at.
    public func publish(_ states: [VehicleState], feedTime: Double? = nil, tickStarted: ContinuousClock.Instant? = nil) {
        queue.sync { _ = publishVehicles(states, now: clock(), feedTime: feedTime, tickStarted: tickStarted) }
    }

    /// Publishes one tick's result in one step on the queue, and waits until its frames are
    /// handed to the connections: the vehicles' deltas, the watched vehicles' cards and stations'
    /// boards that changed, and the alerts (to the watchers of every scope whose alerts, or their
    /// staleness, changed). No client message runs between its parts.
    func publish(_ tick: TickResult, tickStarted: ContinuousClock.Instant? = nil) {
        var none: StreamPublisher?
        _ = publish(tick, tickStarted: tickStarted, stream: &none)
    }

    /// `publish(_:tickStarted:)` for a leading engine: also returns the tick's stream entry, made
    /// by `stream` in the same step.
    func publish(_ tick: TickResult, tickStarted: ContinuousClock.Instant?, stream: inout StreamPublisher?) -> PublishedTick? {
        let alerts = tick.alerts.map(PublishedAlert.init)
        return queue.sync {
            let now = clock()
            let diff = publishVehicles(tick.states, now: now, feedTime: tick.feedTime, tickStarted: tickStarted)
            deliver(watchedUpdates(tick) + hub.updateAlerts(alerts, stale: tick.alertFeeds.isStale, now: tick.feedTime))
            guard let term = stream?.term else { return nil }
            follower.published(alerts: alerts, term: term)
            return stream?.entry(after: hub, diff: diff, alerts: alerts, alertsStale: tick.alertFeeds.isStale,
                                        feedStatus: tick.feedStatus, relayed: tick.relayed)
        }
    }

    /// An edge's result for the entry it just followed (`follow(_:)`): the watched vehicles' cards and
    /// stations' boards that changed, as the engine's hub sent them for the same tick (the entry
    /// itself carried the vehicles and alerts).
    func publishWatched(_ tick: TickResult) {
        queue.sync { deliver(watchedUpdates(tick)) }
    }

    /// On the queue: the watched cards', boards' and elevators' messages for `tick`.
    private func watchedUpdates(_ tick: TickResult) -> [PushHub.Delivery] {
        hub.updateVehicles(itineraries: tick.itineraries) + hub.updateBoards(tick.boards) + hub.updateElevators(tick.elevators)
    }

    /// Every vehicle as clients were last sent it, by id: what an edge's REST and export answer from.
    var publishedStates: [VehicleState] {
        queue.sync { hub.publishedStates }
    }

    /// A tick's vehicles (on the queue): diffed, published and their deltas delivered, each stage
    /// timed; returns the diff.
    private func publishVehicles(_ states: [VehicleState], now: Double, feedTime: Double?,
                                 tickStarted: ContinuousClock.Instant?) -> VehicleDiff {
        let diffStarted = ContinuousClock.now
        let diff = hub.diff(states)
        stages.observe(.diff, since: diffStarted)
        let serialiseStarted = ContinuousClock.now
        let deltas = hub.publish(diff, now: now, feedTime: feedTime)
        stages.observe(.serialise, since: serialiseStarted)
        deliver(deltas, origin: tickStarted, timed: true)
        return diff
    }

    /// Follows one entry read from the stream (an edge, a standby engine): publishes it when it is
    /// the next tick or a keyframe to load, and returns the step taken (`.reload`: fetch the latest keyframe).
    public func follow(_ tick: PublishedTick) -> StreamStep {
        queue.sync {
            let (step, deliveries) = follower.follow(tick, hub: &hub)
            deliver(deliveries)
            return step
        }
    }

    /// The hub's place in the stream: its epoch and seq, and whether it follows the stream in step.
    public var streamPosition: (epoch: String, seq: UInt64, inStep: Bool) {
        queue.sync { (hub.configuration.epoch, hub.seq, follower.inStep) }
    }

    /// Stations, bus stops and vehicles someone watches now: what a tick computes boards and cards for.
    var watched: (stations: Set<String>, vehicles: Set<String>) {
        queue.sync { (hub.watchedStations, hub.watchedVehicles) }
    }

    /// `GET /api/vehicles/{id}`: `body` makes the answer from the published state (nil: no such
    /// vehicle) and the stream position, on the push queue, so it is the state clients were sent.
    public func vehicle(_ id: String,
                        reply: @escaping @Sendable (_ state: VehicleState?, _ epoch: String, _ seq: UInt64, _ tickTime: Double) -> Void) {
        queue.async { [self] in reply(hub.vehicle(id), hub.configuration.epoch, hub.seq, hub.tickTime) }
    }

    /// Connections, views, watches, the latest tick and refusals.
    public var statistics: PushStatistics {
        queue.sync {
            PushStatistics(connections: hub.connectionCount, regions: hub.regionCount,
                           subscriptions: hub.subscriptionCount, watches: hub.watchCount, seq: hub.seq,
                           rateLimited: hub.rateLimitedCount, overBudget: hub.overBudgetCount,
                           closedOverBudget: hub.closedOverBudgetCount,
                           queuedMessages: inbound.withLock { $0.queue.count })
        }
    }

    /// `GET /api/vehicles` (or, with another `encode`, its GeoJSON export), answered on the push queue
    /// without blocking the caller's loop; the body is encoded there too.
    public func vehicleList(_ view: ClientRequest.ViewRequest,
                            encode: @escaping @Sendable (VehicleListing) -> [UInt8] = ServerMessage.vehicleList,
                            reply: @escaping @Sendable (Result<[UInt8], PushRequestError>) -> Void) {
        queue.async { [self] in
            do throws(PushRequestError) {
                reply(.success(encode(try hub.listing(view))))
            } catch {
                reply(.failure(error))
            }
        }
    }

}
