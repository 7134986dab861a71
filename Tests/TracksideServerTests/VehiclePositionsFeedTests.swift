import Testing
import TransitData
import TransitEngine
@testable import WebSocketServer
@testable import TracksideServer

/// The GTFS-realtime export's mapping of a placed vehicle, and its round trip through the project's own decoder.
@Suite struct VehiclePositionsFeedTests {
    func state(status: VehicleState.Status, direction: String? = "N", source: VehicleState.Source = .inferred,
               stop: String? = "701N", next: String? = "702N") -> VehicleState {
        VehicleState(id: "063560_7..N", kind: .subway, route: "7", trip: "063560_7..N", direction: direction,
                     position: Coordinate(latitude: 40.7596, longitude: -73.83003), bearing: 67.3, status: status,
                     stop: stop, nextStop: next, age: 4, source: source, feedTimestamp: 1_559_402_905)
    }

    @Test func statusAndStopFollowWhatTheVehicleIsDoing() {
        let stopped = VehiclePositionsFeed.vehiclePosition(state(status: .stopped), placedAt: 1_559_402_930)
        #expect(stopped.currentStatus == .stoppedAt && stopped.stopId == "701N")
        let moving = VehiclePositionsFeed.vehiclePosition(state(status: .moving), placedAt: 1_559_402_930)
        #expect(moving.currentStatus == .inTransitTo && moving.stopId == "702N")
        let lost = VehiclePositionsFeed.vehiclePosition(state(status: .moving, next: nil), placedAt: 1_559_402_930)
        #expect(lost.currentStatus == nil && lost.stopId == nil, "no status without the stop it refers to")
        let unknown = VehiclePositionsFeed.vehiclePosition(state(status: .unknown), placedAt: 1_559_402_930)
        #expect(unknown.currentStatus == nil && unknown.stopId == nil)
    }

    @Test func tripPositionAndTimestamp() {
        let placed = VehiclePositionsFeed.vehiclePosition(state(status: .moving), placedAt: 1_559_402_930)
        #expect(placed.trip == GTFSRealtime.TripDescriptor(tripId: "063560_7..N", routeId: "7"), "N/S is no direction_id")
        #expect(placed.vehicle?.id == "063560_7..N")
        #expect(placed.position == GTFSRealtime.Position(latitude: 40.7596, longitude: -73.83003, bearing: 67.3))
        #expect(placed.timestamp == 1_559_402_930, "a placed position holds at the tick")
        let bus = VehiclePositionsFeed.vehiclePosition(state(status: .moving, direction: "1", source: .gps), placedAt: 1_559_402_930)
        #expect(bus.trip?.directionId == 1 && bus.timestamp == 1_559_402_905, "a GPS fix holds at its report")
        #expect(VehiclePositionsFeed.vehiclePosition(state(status: .moving, direction: "7"), placedAt: 0).trip?.directionId == nil)
    }

    @Test func theFeedRoundTripsThroughTheDecoder() throws {
        let message = VehiclePositionsFeed.message([state(status: .stopped), state(status: .moving)], feedTime: 1_559_402_930.7)
        #expect(message.header.timestamp == 1_559_402_930 && message.header.incrementality == .fullDataset)
        let decoded = try GTFSRealtime.FeedMessage(protobuf: message.protobufBytes)
        #expect(decoded == message)
    }

    /// Two requests of one tick get the very bytes the tick prepared (the same buffer, not an equal copy: the request
    /// encoded nothing), with the same entity tag; the next tick's feed is another.
    @Test func theTickEncodesTheFeedAndRequestsOnlyCopyItsBytes() throws {
        let feed = VehiclePositionsFeed()
        let router = Router()
        router.get(VehiclePositionsFeed.path) { feed.response(to: $0) }
        func get(_ target: String, _ headers: [(String, String)] = []) throws -> HTTPResponse {
            let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders([("Host", "h")] + headers))
            guard case .respond(.immediate(let handler), let routed) = router.resolve(request, remoteAddress: "127.0.0.1:1") else {
                throw RouteMissing()
            }
            return handler(routed)
        }
        func storage(_ bytes: [UInt8]) -> UnsafeRawPointer? { bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) } }

        // Before the first tick: the empty feed prepared at start, not one made by the request.
        let empty = feed.current
        let before = try get(VehiclePositionsFeed.path)
        #expect(empty.tick == 0 && storage(before.body) == storage(empty.protobuf.body))

        feed.update([state(status: .stopped)], feedTime: 1_559_402_930)
        let prepared = feed.current
        #expect(prepared.tick == 1)
        let (first, second) = (try get(VehiclePositionsFeed.path), try get(VehiclePositionsFeed.path))
        #expect(storage(first.body) == storage(prepared.protobuf.body) && storage(second.body) == storage(prepared.protobuf.body))
        #expect(first.headers["ETag"] == prepared.protobuf.entityTag && second.headers["ETag"] == first.headers["ETag"])
        let json = try get(VehiclePositionsFeed.path + "?format=json")
        #expect(storage(json.body) == storage(prepared.json.body))
        #expect(try GTFSRealtime.FeedMessage(protobuf: first.body).entities.map(\.id) == ["063560_7..N"])
        // Conditional GET is unchanged: the tag just sent is not modified, until the next tick's feed replaces it.
        let tag = try #require(first.headers["ETag"])
        #expect(try get(VehiclePositionsFeed.path, [("If-None-Match", tag)]).status == .notModified)
        #expect(try get(VehiclePositionsFeed.path, [("If-Modified-Since", "Sat, 01 Jun 2019 15:28:50 GMT")]).status == .notModified)

        feed.update([state(status: .moving)], feedTime: 1_559_402_931)
        #expect(feed.current.tick == 2 && storage(feed.current.protobuf.body) != storage(prepared.protobuf.body))
        let next = try get(VehiclePositionsFeed.path, [("If-None-Match", tag)])
        #expect(next.status == .ok && next.headers["ETag"] != tag && next.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:51 GMT")
    }

    private struct RouteMissing: Error {}
}
