import Dispatch
import Foundation
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

    /// The tick only hands its states over; its feed is encoded once on the feed's queue, and every request is
    /// answered at once from the last finished encoding (the very bytes it prepared, not an equal copy, with the same
    /// entity tag). While the next tick's encoding waits on the queue (here: the queue is suspended), requests are
    /// answered from the previous tick's feed; ticks handed over meanwhile collapse into one encoding of the latest.
    @Test func requestsAreAnsweredFromThePreviousEncodingWhileTheNextIsBuilt() async throws {
        let queue = DispatchQueue(label: "VehiclePositionsFeedTests.encoder")
        let feed = VehiclePositionsFeed(encoder: queue)
        let router = Router()
        router.get(VehiclePositionsFeed.path) { feed.response(to: $0) }
        func get(_ target: String, _ headers: [(String, String)] = []) throws -> HTTPResponse {
            let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders([("Host", "h")] + headers))
            guard case .respond(.immediate(let handler), let routed) = router.resolve(request, remoteAddress: "127.0.0.1:1") else {
                throw RouteMissing()
            }
            return handler(routed)
        }
        /// Waits until everything queued on the encoder so far has run.
        func encoded() async { await withCheckedContinuation { done in queue.async { done.resume() } } }
        func storage(_ bytes: [UInt8]) -> UnsafeRawPointer? { bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) } }
        func ids(_ response: HTTPResponse) throws -> [String] {
            try GTFSRealtime.FeedMessage(protobuf: response.body).entities.map(\.id)
        }

        // Before the first tick: the empty feed prepared at start.
        let empty = try get(VehiclePositionsFeed.path)
        #expect(try empty.status == .ok && ids(empty).isEmpty)

        feed.update([state(status: .stopped)], feedTime: 1_559_402_930)
        await encoded()
        let first = try get(VehiclePositionsFeed.path), second = try get(VehiclePositionsFeed.path)
        #expect(storage(first.body) == storage(second.body), "one encoding, shared by the tick's requests")
        #expect(first.headers["ETag"] != nil && second.headers["ETag"] == first.headers["ETag"])
        #expect(try ids(first) == ["063560_7..N"])
        #expect(first.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:50 GMT")
        // The JSON form was prepared by the same encoding.
        #expect(try get(VehiclePositionsFeed.path + "?format=json").headers["Content-Type"] == "application/json")
        let tag = try #require(first.headers["ETag"])
        #expect(try get(VehiclePositionsFeed.path, [("If-None-Match", tag)]).status == .notModified)
        #expect(try get(VehiclePositionsFeed.path, [("If-Modified-Since", "Sat, 01 Jun 2019 15:28:50 GMT")]).status == .notModified)

        // The next tick's encoding cannot run yet: requests get the previous tick's feed at once, not a wait.
        queue.suspend()
        feed.update([state(status: .moving)], feedTime: 1_559_402_931)
        let during = try get(VehiclePositionsFeed.path)
        #expect(storage(during.body) == storage(first.body) && during.headers["ETag"] == tag)
        #expect(during.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:50 GMT", "it says which tick it is of")
        #expect(try get(VehiclePositionsFeed.path, [("If-None-Match", tag)]).status == .notModified)
        // Another tick while that encoding waits: one encoding takes the latest.
        var moved = state(status: .moving)
        moved.id = "063561_7..S"
        feed.update([state(status: .stopped), moved], feedTime: 1_559_402_932)
        queue.resume()
        await encoded()
        let next = try get(VehiclePositionsFeed.path, [("If-None-Match", tag)])
        #expect(next.status == .ok && next.headers["ETag"] != tag)
        #expect(next.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:52 GMT", "the latest tick's, not the one in between")
        #expect(try ids(next) == ["063560_7..N", "063561_7..S"])
        #expect(try get(VehiclePositionsFeed.path + "?format=xml").status == .badRequest)
    }

    private struct RouteMissing: Error {}
}
