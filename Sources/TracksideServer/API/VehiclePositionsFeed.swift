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
/// states over (`update`); the first request after a tick has them encoded, once, on the feed's own queue, never on
/// an event loop, and every other request of that tick is answered from the same prepared bytes, entity tag and
/// `Last-Modified` (the feed header's time), so `If-None-Match` and `If-Modified-Since` get `304`. A tick nobody
/// asks about costs nothing (encoding 600 trains in both forms takes tens of milliseconds in a debug build, and
/// GTFS-realtime consumers poll every 10–30 s, not every tick).
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

    private let latest = Mutex(Placed(tick: 0, feedTime: 0, states: []))
    private let prepared = Mutex(Prepared(tick: 0, states: [], feedTime: 0))
    /// Where feeds are encoded: one at a time, so the requests of one tick wait for one encoding.
    private let encoder = DispatchQueue(label: "trackside.gtfs-rt")

    /// Takes a tick's placed vehicles, at the feeds' time `feedTime` (no encoding: a copy of the array).
    func update(_ states: [VehicleState], feedTime: Double) {
        latest.withLock { $0 = Placed(tick: $0.tick + 1, feedTime: feedTime, states: states) }
    }

    /// Answers `request` (`format=pb`, the default, or `json`) through `deliver`: at once, on the caller's thread,
    /// when the latest tick's feed is prepared; else from the encoder queue once it is.
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
        if let ready { return answer(ready) }
        encoder.async { [self] in answer(prepare()) }
    }

    /// The latest tick's feed when it is prepared.
    private var ready: Prepared? {
        let tick = latest.withLock { $0.tick }
        return prepared.withLock { $0.tick == tick ? $0 : nil }
    }

    /// On the encoder queue: the latest tick's feed, encoded unless an earlier request of that tick had it encoded.
    private func prepare() -> Prepared {
        if let ready { return ready }
        let placed = latest.withLock { $0 }
        let fresh = Prepared(tick: placed.tick, states: placed.states, feedTime: placed.feedTime)
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
