import Dispatch
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

    /// The tick only hands its states over. A tick nobody reads the feed about is not encoded; the first request
    /// after a quiet spell has the latest tick encoded on the feed's queue (never on the caller's thread, an event
    /// loop in the server); while requests keep coming (within `interest`), every tick is encoded as it is handed
    /// over and requests are answered at once from the last finished encoding (the previous tick's while the next
    /// waits, the very bytes it prepared and its entity tag), ticks handed over meanwhile collapsing into one encoding.
    @Test func ticksAreEncodedOffTheRequestPathWhileSomeoneReads() async throws {
        let queue = DispatchQueue(label: "VehiclePositionsFeedTests.encoder")
        let clock = Mutex(ContinuousClock.now)
        let feed = VehiclePositionsFeed(encoder: queue, interest: .seconds(120), now: { clock.withLock { $0 } })
        let router = Router()
        let captured = Mutex<RoutedRequest?>(nil)
        router.get(VehiclePositionsFeed.path) { routed in
            captured.withLock { $0 = routed }
            return HTTPResponse()
        }
        func request(_ target: String, _ headers: [(String, String)]) throws -> RoutedRequest {
            let request = HTTPRequest(method: "GET", target: target, headers: HTTPHeaders([("Host", "h")] + headers))
            guard case .respond(.immediate(let handler), let routed) = router.resolve(request, remoteAddress: "127.0.0.1:1") else {
                throw RouteMissing()
            }
            _ = handler(routed)
            return try #require(captured.withLock { $0 })
        }
        /// The answer, and whether it was delivered on the calling thread.
        func get(_ target: String = VehiclePositionsFeed.path, _ headers: [(String, String)] = []) async throws
            -> (response: HTTPResponse, onCaller: Bool) {
            let routed = try request(target, headers)
            let caller = pthread_self()
            return await withCheckedContinuation { done in
                feed.respond(to: routed) { response in done.resume(returning: (response, pthread_equal(pthread_self(), caller) != 0)) }
            }
        }
        /// Waits until everything queued on the encoder so far has run.
        func drained() async { await withCheckedContinuation { done in queue.async { done.resume() } } }
        func storage(_ bytes: [UInt8]) -> UnsafeRawPointer? { bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) } }
        func ids(_ response: HTTPResponse) throws -> [String] {
            try GTFSRealtime.FeedMessage(protobuf: response.body).entities.map(\.id)
        }

        // Nobody has asked: a tick costs no encoding.
        feed.update([state(status: .stopped)], feedTime: 1_559_402_930)
        await drained()
        #expect(feed.encodings == 0)

        // The first request waits for one encoding of the latest tick, off its thread; the next share its bytes.
        let first = try await get(), second = try await get()
        #expect(!first.onCaller && second.onCaller, "only a request finding no prepared feed waits for the queue")
        #expect(storage(first.response.body) == storage(second.response.body), "one encoding, shared by the tick's requests")
        #expect(try ids(first.response) == ["063560_7..N"] && feed.encodings == 1)
        #expect(first.response.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:50 GMT")
        let json = try await get(VehiclePositionsFeed.path + "?format=json")
        #expect(json.onCaller && json.response.headers["Content-Type"] == "application/json", "both forms in one encoding")
        let tag = try #require(first.response.headers["ETag"])
        #expect(try await get(VehiclePositionsFeed.path, [("If-None-Match", tag)]).response.status == .notModified)
        #expect(try await get(VehiclePositionsFeed.path, [("If-Modified-Since", "Sat, 01 Jun 2019 15:28:50 GMT")]).response.status == .notModified)

        // Someone reads: the next tick is encoded as it comes. While that waits (the queue suspended), requests get
        // the previous tick's feed at once, and say which tick it is of.
        queue.suspend()
        feed.update([state(status: .moving)], feedTime: 1_559_402_931)
        let during = try await get(VehiclePositionsFeed.path, [("If-None-Match", tag)])
        #expect(during.onCaller && during.response.status == .notModified)
        let previous = try await get()
        #expect(previous.onCaller && storage(previous.response.body) == storage(first.response.body))
        #expect(previous.response.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:50 GMT")
        // Another tick while that encoding waits: one encoding takes the latest.
        var moved = state(status: .moving)
        moved.id = "063561_7..S"
        feed.update([state(status: .stopped), moved], feedTime: 1_559_402_932)
        queue.resume()
        await drained()
        #expect(feed.encodings == 2, "the tick in between was never encoded")
        let next = try await get(VehiclePositionsFeed.path, [("If-None-Match", tag)])
        #expect(next.onCaller && next.response.status == .ok && next.response.headers["ETag"] != tag)
        #expect(next.response.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:28:52 GMT")
        #expect(try ids(next.response) == ["063560_7..N", "063561_7..S"])

        // Two minutes without a request: ticks cost nothing again, and the next request waits for the latest.
        clock.withLock { $0 += .seconds(121) }
        feed.update([moved], feedTime: 1_559_403_053)
        await drained()
        #expect(feed.encodings == 2)
        let after = try await get()
        #expect(!after.onCaller && after.response.headers["Last-Modified"] == "Sat, 01 Jun 2019 15:30:53 GMT")
        #expect(try await get(VehiclePositionsFeed.path + "?format=xml").response.status == .badRequest)
    }

    private struct RouteMissing: Error {}
}
