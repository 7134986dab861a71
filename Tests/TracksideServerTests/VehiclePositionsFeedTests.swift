import Testing
import TransitData
import TransitEngine
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
}
