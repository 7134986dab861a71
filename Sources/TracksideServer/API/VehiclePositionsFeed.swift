import Synchronization
import TransitData
import TransitEngine
import WebSocketServer

/// `GET /gtfs-rt/vehicle-positions.pb`: every vehicle of the latest tick as a standard GTFS-realtime
/// VehiclePositions feed (`?format=json`: the same message in the JSON form `trackside decode` prints), so any
/// GTFS-realtime consumer can show the trains Trackside places, which NYC's own feeds carry no position for.
///
/// The states are the tick's own, placed at the tick (a WebSocket client is sent a moving train only when its
/// motion segment changes and animates it between, which a GTFS-realtime consumer cannot). Each tick's documents are
/// encoded once, by the tick (`update`, on the tick's thread), so a request on an event loop only picks the prepared
/// bytes: every request of one tick is answered with the same bytes, entity tag and `Last-Modified` (the feed
/// header's time), and `If-None-Match` and `If-Modified-Since` get `304`.
final class VehiclePositionsFeed: Sendable {
    static let path = "/gtfs-rt/vehicle-positions.pb"

    /// One tick's feed, encoded in both forms.
    struct Prepared: Sendable {
        /// Which `update` made it (0: the empty feed before the first tick).
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

    private let prepared = Mutex(Prepared(tick: 0, states: [], feedTime: 0))

    /// Encodes a tick's placed vehicles, at the feeds' time `feedTime`, and makes them the feed requests get.
    func update(_ states: [VehicleState], feedTime: Double) {
        let tick = prepared.withLock { $0.tick } + 1
        let fresh = Prepared(tick: tick, states: states, feedTime: feedTime)
        prepared.withLock { $0 = fresh }
    }

    /// The feed of the latest tick, as prepared by it.
    var current: Prepared { prepared.withLock { $0 } }

    /// The feed as `request` asks for it (`format=pb`, the default, or `json`): prepared bytes, never encoded here.
    func response(to request: RoutedRequest) -> HTTPResponse {
        let format = request.query["format"] ?? "pb"
        guard format == "pb" || format == "json" else {
            return .error(.badRequest, code: "bad_request", message: "format is pb or json", json: true)
        }
        let current = current
        let caching = HTTPHeaders([("Cache-Control", "no-cache")])
        return (format == "json" ? current.json : current.protobuf)
            .response(to: request.request, headers: caching, lastModified: current.lastModified)
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
