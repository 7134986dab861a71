import Synchronization
import TransitData
import TransitEngine
import WebSocketServer

/// `GET /gtfs-rt/vehicle-positions.pb`: every vehicle of the latest tick as a standard GTFS-realtime
/// VehiclePositions feed (`?format=json`: the same message in the JSON form `trackside decode` prints), so any
/// GTFS-realtime consumer can show the trains Trackside places, which NYC's own feeds carry no position for.
///
/// The states are the tick's own, placed at the tick (a WebSocket client is sent a moving train only when its
/// motion segment changes and animates it between, which a GTFS-realtime consumer cannot). Each tick's document
/// is encoded once, on the first request after it, and answered with an entity tag and `Last-Modified` (the
/// feed header's time), so `If-None-Match` and `If-Modified-Since` get `304`.
final class VehiclePositionsFeed: Sendable {
    static let path = "/gtfs-rt/vehicle-positions.pb"

    private struct Tick: Sendable {
        var number: UInt64
        var feedTime: Double
        var states: [VehicleState]
    }

    private struct Prepared: Sendable {
        var number: UInt64
        var protobuf: PreparedDocument
        var json: PreparedDocument
        var lastModified: Int
    }

    private let latest = Mutex(Tick(number: 0, feedTime: 0, states: []))
    private let prepared = Mutex<Prepared?>(nil)

    /// Takes a tick's placed vehicles, at the feeds' time `feedTime`.
    func update(_ states: [VehicleState], feedTime: Double) {
        latest.withLock { $0 = Tick(number: $0.number + 1, feedTime: feedTime, states: states) }
    }

    /// The feed as `request` asks for it (`format=pb`, the default, or `json`).
    func response(to request: RoutedRequest) -> HTTPResponse {
        let format = request.query["format"] ?? "pb"
        guard format == "pb" || format == "json" else {
            return .error(.badRequest, code: "bad_request", message: "format is pb or json", json: true)
        }
        let current = document()
        let caching = HTTPHeaders([("Cache-Control", "no-cache")])
        return (format == "json" ? current.json : current.protobuf)
            .response(to: request.request, headers: caching, lastModified: current.lastModified)
    }

    /// The latest tick's documents, encoded now if they are not yet.
    private func document() -> Prepared {
        let tick = latest.withLock { $0 }
        return prepared.withLock { cached in
            if let cached, cached.number == tick.number { return cached }
            let message = Self.message(tick.states, feedTime: tick.feedTime)
            var json = JSONWriter(reservingCapacity: 64 + tick.states.count * 256)
            message.writeJSON(to: &json)
            let fresh = Prepared(number: tick.number,
                                 protobuf: PreparedDocument(body: message.protobufBytes, contentType: "application/x-protobuf"),
                                 json: PreparedDocument(body: json.bytes, contentType: "application/json"),
                                 lastModified: Int(message.header.timestamp ?? 0))
            cached = fresh
            return fresh
        }
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
