import Dispatch
import Synchronization
import TransitData
import TransitEngine
import WebSocketServer

/// `GET /gtfs-rt/vehicle-positions.pb`: every vehicle of the latest tick as a standard GTFS-realtime
/// VehiclePositions feed (`?format=json`: the same message in the JSON form `trackside decode` prints), so any
/// GTFS-realtime consumer can show the trains Trackside places, which NYC's own feeds carry no position for.
///
/// The states are the tick's own, placed at the tick (a WebSocket client is sent a moving train only when its
/// motion segment changes and animates it between, which a GTFS-realtime consumer cannot). The tick only hands its
/// states over (`update`); encoding (both forms, with their gzip copies) runs on the feed's own serial queue, never
/// on the tick or an event loop, and only while someone reads the feed:
/// - while a request has come within `interest` (consumers poll every 10–30 s), each tick is encoded as it is
///   handed over (ticks handed over while one waits collapse into one encoding of the latest), and a request is
///   answered at once from the last finished encoding: just after a tick, the previous tick's feed, which its
///   `Last-Modified` and header time say;
/// - otherwise ticks cost nothing (encoding every tick was 15–18 % of the server's CPU samples in a profile of the
///   push benchmark on the full subway replay, competing with the fan-out), and the first request after a quiet
///   spell waits for one encoding of the latest tick on the feed's queue.
/// Every request of one encoding gets the same prepared bytes, entity tag and `Last-Modified` (the feed header's
/// time), so `If-None-Match` and `If-Modified-Since` get `304`.
final class VehiclePositionsFeed: Sendable {
    static let path = "/gtfs-rt/vehicle-positions.pb"

    /// One tick's feed, encoded in both forms.
    struct Prepared: Sendable {
        /// Which `update` it is of (0: the empty feed before the first tick).
        var tick: UInt64
        var protobuf: PreparedDocument
        var json: PreparedDocument
        var lastModified: Int

        init(tick: UInt64, states: [VehicleState], feedTime: Double) {
            let message = VehiclePositionsFeed.message(states, feedTime: feedTime)
            var json = JSONWriter(reservingCapacity: 64 + states.count * 256)
            message.writeJSON(to: &json)
            self.tick = tick
            protobuf = PreparedDocument(body: message.protobufBytes, contentType: "application/x-protobuf")
            self.json = PreparedDocument(body: json.bytes, contentType: "application/json")
            lastModified = Int(message.header.timestamp ?? 0)
        }
    }

    /// A tick's placed vehicles, as handed over.
    private struct Placed: Sendable {
        var tick: UInt64
        var feedTime: Double
        var states: [VehicleState]
    }

    /// The latest tick handed over, whether an encoding is queued that will take it, and when the feed was last read.
    private struct Handover: Sendable {
        var latest = Placed(tick: 0, feedTime: 0, states: [])
        var encodingQueued = false
        var lastRequest: ContinuousClock.Instant?
    }

    private let handover = Mutex(Handover())
    private let prepared = Mutex(Prepared(tick: 0, states: [], feedTime: 0))
    /// Where feeds are encoded, one at a time.
    private let encoder: DispatchQueue
    /// How long after a request ticks keep being encoded as they come.
    let interest: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    /// Encodings made so far (the empty feed at start not counted).
    private let encodingCount = Atomic<Int>(0)

    /// A feed whose encodings run on `encoder` (a serial queue; its own by default), encoded with every tick while
    /// a request has come within `interest`.
    init(encoder: DispatchQueue = DispatchQueue(label: "trackside.gtfs-rt", qos: .utility),
         interest: Duration = .seconds(120), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.encoder = encoder
        self.interest = interest
        self.now = now
    }

    /// Encodings made so far.
    var encodings: Int { encodingCount.load(ordering: .relaxed) }

    /// Takes a tick's placed vehicles, at the feeds' time `feedTime` (a copy of the array), and, while someone
    /// reads the feed, queues their encoding unless one is queued already (it will take these, the latest).
    func update(_ states: [VehicleState], feedTime: Double) {
        let instant = now()
        let queue = handover.withLock { handover in
            handover.latest = Placed(tick: handover.latest.tick + 1, feedTime: feedTime, states: states)
            guard let last = handover.lastRequest, instant - last < interest, !handover.encodingQueued else { return false }
            handover.encodingQueued = true
            return true
        }
        if queue { encoder.async { [self] in encodeLatest() } }
    }

    /// Answers `request` (`format=pb`, the default, or `json`) through `deliver`: at once, on the caller's thread,
    /// from the latest tick's feed, or from the previous one while the latest's encoding is queued; otherwise (the
    /// first request after a quiet spell) from the encoder queue once the latest is encoded.
    func respond(to request: RoutedRequest, _ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        let format = request.query["format"] ?? "pb"
        guard format == "pb" || format == "json" else {
            deliver(.error(.badRequest, code: "bad_request", message: "format is pb or json", json: true))
            return
        }
        let answer: @Sendable (Prepared) -> Void = { feed in
            deliver((format == "json" ? feed.json : feed.protobuf)
                .response(to: request.request, headers: HTTPHeaders([("Cache-Control", "no-cache")]), lastModified: feed.lastModified))
        }
        let instant = now()
        let (latest, encodingQueued) = handover.withLock { handover in
            handover.lastRequest = instant
            return (handover.latest.tick, handover.encodingQueued)
        }
        let feed = prepared.withLock { $0 }
        if feed.tick == latest || (encodingQueued && feed.tick + 1 == latest) { return answer(feed) }
        encoder.async { [self] in answer(prepareLatest()) }
    }

    /// On the encoder queue: the queued encoding, of the latest tick handed over.
    private func encodeLatest() {
        handover.withLock { $0.encodingQueued = false }
        _ = prepareLatest()
    }

    /// On the encoder queue: the latest tick's feed, encoded unless it already is.
    private func prepareLatest() -> Prepared {
        let placed = handover.withLock { $0.latest }
        let current = prepared.withLock { $0 }
        guard current.tick != placed.tick else { return current }
        let fresh = Prepared(tick: placed.tick, states: placed.states, feedTime: placed.feedTime)
        encodingCount.add(1, ordering: .relaxed)
        prepared.withLock { $0 = fresh }
        return fresh
    }

    /// The FeedMessage of `states` placed at `feedTime` (docs/PROTOCOL.md says which fields are inferred).
    static func message(_ states: [VehicleState], feedTime: Double) -> GTFSRealtime.FeedMessage {
        let now = feedTime.isFinite && feedTime > 0 ? UInt64(feedTime.rounded(.down)) : 0
        let entities = states.map { state in
            GTFSRealtime.FeedEntity(id: state.id, vehicle: vehiclePosition(state, placedAt: now))
        }
        let header = GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "2.0", incrementality: .fullDataset, timestamp: now)
        return GTFSRealtime.FeedMessage(header: header, entities: entities)
    }

    /// One vehicle: its trip, where it is and heads, whether it stands at its stop or runs to the next one, and
    /// when the position holds (the report's time for a GPS fix, else the tick's: the position is placed then).
    static func vehiclePosition(_ state: VehicleState, placedAt now: UInt64) -> GTFSRealtime.VehiclePosition {
        let direction = state.direction.flatMap { UInt32($0) }.flatMap { $0 <= 1 ? $0 : nil }
        let status: GTFSRealtime.VehiclePosition.VehicleStopStatus?
        let stop: String?
        switch state.status {
        case .stopped: (status, stop) = (.stoppedAt, state.stop)
        case .moving: (status, stop) = state.nextStop.map { (.inTransitTo, $0) } ?? (nil, nil)
        case .unknown: (status, stop) = (nil, nil)
        }
        let measured = state.source == .gps && state.feedTimestamp > 0 ? state.feedTimestamp : now
        return GTFSRealtime.VehiclePosition(
            trip: GTFSRealtime.TripDescriptor(tripId: state.trip, routeId: state.route, directionId: direction),
            vehicle: GTFSRealtime.VehicleDescriptor(id: state.id),
            position: GTFSRealtime.Position(latitude: Float(state.position.latitude), longitude: Float(state.position.longitude),
                                            bearing: Float(state.bearing)),
            stopId: stop, currentStatus: status, timestamp: measured)
    }
}
