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
/// states over (`update`); they are encoded once, in both forms, on the feed's own serial queue, off the tick and
/// off every request, and ticks handed over while an encoding waits collapse into one encoding of the latest. A
/// request never waits for an encoding: it is answered at once from the last one finished (until the next is
/// ready, the previous tick's feed, which its `Last-Modified` and header time say), with its prepared bytes, entity
/// tag and `Last-Modified` (the feed header's time), so `If-None-Match` and `If-Modified-Since` get `304`. Each
/// tick costs one encoding whether or not anyone asks (the price of never making a request wait for one).
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

    /// The latest tick handed over, and whether an encoding is queued that will take it.
    private struct Handover: Sendable {
        var latest = Placed(tick: 0, feedTime: 0, states: [])
        var encodingQueued = false
    }

    private let handover = Mutex(Handover())
    private let prepared = Mutex(Prepared(tick: 0, states: [], feedTime: 0))
    /// Where feeds are encoded, one at a time.
    private let encoder: DispatchQueue

    /// A feed whose encodings run on `encoder` (a serial queue; its own by default).
    init(encoder: DispatchQueue = DispatchQueue(label: "trackside.gtfs-rt", qos: .utility)) {
        self.encoder = encoder
    }

    /// Takes a tick's placed vehicles, at the feeds' time `feedTime` (a copy of the array), and queues their
    /// encoding unless one is queued already (it will take these, the latest).
    func update(_ states: [VehicleState], feedTime: Double) {
        let queue = handover.withLock { handover in
            handover.latest = Placed(tick: handover.latest.tick + 1, feedTime: feedTime, states: states)
            defer { handover.encodingQueued = true }
            return !handover.encodingQueued
        }
        if queue { encoder.async { [self] in encodeLatest() } }
    }

    /// Answers `request` (`format=pb`, the default, or `json`) from the last finished encoding, at once.
    func response(to request: RoutedRequest) -> HTTPResponse {
        let format = request.query["format"] ?? "pb"
        guard format == "pb" || format == "json" else {
            return .error(.badRequest, code: "bad_request", message: "format is pb or json", json: true)
        }
        let feed = prepared.withLock { $0 }
        return (format == "json" ? feed.json : feed.protobuf)
            .response(to: request.request, headers: HTTPHeaders([("Cache-Control", "no-cache")]), lastModified: feed.lastModified)
    }

    /// On the encoder queue: encodes the latest tick handed over and makes it the one requests are answered from.
    private func encodeLatest() {
        let placed = handover.withLock { handover in
            handover.encodingQueued = false
            return handover.latest
        }
        let fresh = Prepared(tick: placed.tick, states: placed.states, feedTime: placed.feedTime)
        prepared.withLock { $0 = fresh }
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
