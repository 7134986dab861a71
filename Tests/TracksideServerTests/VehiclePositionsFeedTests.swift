import Foundation
import Synchronization
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

    /// The tick only hands its states over; the first request after it has them encoded on the feed's queue (never
    /// on the caller's thread, an event loop in the server), and every request of that tick gets the very bytes that
    /// one encoding prepared (the same buffer, not an equal copy), with the same entity tag; the next tick's is another.
    @Test func aTickIsEncodedOnceOffTheCallersThreadAndItsRequestsShareTheBytes() async throws {
        let feed = VehiclePositionsFeed()
        let router = Router()
        let captured = Mutex<RoutedRequest?>(nil)
        router.get(VehiclePositionsFeed.path) { routed in
            captured.withLock { $0 = routed }
            return HTTPResponse()
        }
        func request(_ target: String, _ headers: [(String, String)] = []) throws -> RoutedRequest {
            let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders([("Host", "h")] + headers))
            guard case .respond(.immediate(let handler), let routed) = router.resolve(request, remoteAddress: "127.0.0.1:1") else {
                throw RouteMissing()
            }
            _ = handler(routed)
            return try #require(captured.withLock { $0 })
        }
        /// The answer, and whether it was delivered on the calling thread.
        func get(_ target: String, _ headers: [(String, String)] = []) async throws -> (response: HTTPResponse, onCaller: Bool) {
            let routed = try request(target, headers)
            let caller = pthread_self()
            return await withCheckedContinuation { done in
                feed.respond(to: routed) { response in done.resume(returning: (response, pthread_equal(pthread_self(), caller) != 0)) }
            }
        }
        func storage(_ bytes: [UInt8]) -> UnsafeRawPointer? { bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) } }

        // Before the first tick: the empty feed prepared at start, answered at once.
        let empty = try await get(VehiclePositionsFeed.path)
        #expect(empty.onCaller && empty.response.status == .ok)
        #expect(try GTFSRealtime.FeedMessage(protobuf: empty.response.body).entities.isEmpty)

        feed.update([state(status: .stopped)], feedTime: 1_559_402_930)
        // The tick's first request waits for one encoding off its thread; the next ones share what it prepared.
        let first = try await get(VehiclePositionsFeed.path)
        let second = try await get(VehiclePositionsFeed.path)
        let third = try await get(VehiclePositionsFeed.path)
        #expect(!first.onCaller && second.onCaller && third.onCaller, "only a request finding no prepared feed waits for the queue")
        #expect(storage(first.response.body) == storage(second.response.body) && storage(third.response.body) == storage(first.response.body))
        #expect(first.response.headers["ETag"] != nil && second.response.headers["ETag"] == first.response.headers["ETag"])
        #expect(try GTFSRealtime.FeedMessage(protobuf: first.response.body).entities.map(\.id) == ["063560_7..N"])
        // The JSON form was prepared by the same encoding.
        let json = try await get(VehiclePositionsFeed.path + "?format=json")
        #expect(json.onCaller && json.response.headers["Content-Type"] == "application/json")
        // Conditional GET is unchanged: the tag just sent is not modified, until the next tick's feed replaces it.
        let tag = try #require(first.response.headers["ETag"])
        #expect(try await get(VehiclePositionsFeed.path, [("If-None-Match", tag)]).response.status == .notModified)
        #expect(try await get(VehiclePositionsFeed.path, [("If-Modified-Since", "Sat, 01 Jun 2019 15:28:50 GMT")]).response.status == .notModified)

        feed.update([state(status: .moving)], feedTime: 1_559_402_931)
        let next = try await get(VehiclePositionsFeed.path, [("If-None-Match", tag)])
        #expect(!next.onCaller && next.response.status == .ok && next.response.headers["ETag"] != tag)
        #expect(next.response.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:51 GMT")
        #expect(try await get(VehiclePositionsFeed.path + "?format=xml").response.status == .badRequest)
    }

    private struct RouteMissing: Error {}
}
