import Foundation
import Testing
import TransitData
@testable import TransitEngine

@Suite("Vehicle itineraries")
struct VehicleItineraryTests {
    static let now = 1_705_750_000.0

    static func stop(_ id: String, _ name: String, parent: String?) -> NetworkStop {
        NetworkStop(id: id, name: name, coordinate: Coordinate(latitude: 40.75, longitude: -73.98), parentStation: parent)
    }

    static let network = Network(
        routes: [],
        stops: [
            stop("127S", "Times Sq-42 St", parent: "127"), stop("128S", "34 St-Penn Station", parent: "128"),
            stop("132S", "14 St", parent: "132"), stop("137S", "Chambers St", parent: "137"),
            stop("404303", "W 14 ST/7 AV", parent: nil),
        ],
        trips: [], shapePoints: [:])

    static let train = TrainReport(tripID: "t1", routeID: "1", direction: "S", stopTimes: [
        StopTimePrediction(stopID: "127S", arrival: now - 20, departure: now + 10, track: "1"),
        StopTimePrediction(stopID: "128S", arrival: now + 100, departure: now + 120, delay: 95),
        StopTimePrediction(stopID: "132S", arrival: now + 300, departure: now + 320),
        StopTimePrediction(stopID: "137S", arrival: now + 600),
    ])

    static func state(status: VehicleState.Status, stop: String?, next: String?, id: String = "t1",
                      kind: VehicleState.Kind = .subway) -> VehicleState {
        VehicleState(id: id, kind: kind, route: "1", position: Coordinate(latitude: 40.75, longitude: -73.98), bearing: 180,
                     status: status, stop: stop, nextStop: next, age: 3, source: .inferred, feedTimestamp: UInt64(now))
    }

    static func itinerary(_ state: VehicleState, feeds: [FeedReport]) -> VehicleItinerary {
        VehicleItinerary(vehicle: state, snapshot: FeedSnapshot(feeds), network: network, now: now)
    }

    @Test("A train standing at a stop lists the stops after it, with names, stations, times, delay and track")
    func stoppedTrain() {
        let feed = FeedReport(name: "123456", timestamp: Self.now, trains: [Self.train])
        let itinerary = Self.itinerary(Self.state(status: .stopped, stop: "127S", next: "128S"), feeds: [feed])
        #expect(itinerary.current == .init(stopID: "127S", stationID: "127", name: "Times Sq-42 St"))
        #expect(itinerary.calls.map(\.place.stopID) == ["128S", "132S", "137S"])
        #expect(itinerary.calls[0].delay == 95 && itinerary.calls[0].arrival == Self.now + 100)
        #expect(itinerary.calls[0].place == .init(stopID: "128S", stationID: "128", name: "34 St-Penn Station"))
        #expect(itinerary.calls[0].departure == Self.now + 120 && itinerary.calls[0].track == nil)
        #expect(itinerary.calls.last.map { [$0.arrival, $0.departure] } == [Self.now + 600, nil])
        #expect(itinerary.calls.last?.place == .init(stopID: "137S", stationID: "137", name: "Chambers St"))
    }

    @Test("A moving train lists its stops from the next one on; the newest feed reporting it wins")
    func movingTrain() {
        var later = Self.train
        later.stopTimes.removeFirst()
        later.stopTimes[0].arrival = Self.now + 130
        let old = FeedReport(name: "old", timestamp: Self.now - 30, trains: [Self.train])
        let new = FeedReport(name: "new", timestamp: Self.now, trains: [later])
        let itinerary = Self.itinerary(Self.state(status: .moving, stop: "127S", next: "128S"), feeds: [old, new])
        #expect(itinerary.calls.map(\.place.stopID) == ["128S", "132S", "137S"])
        #expect(itinerary.calls[0].arrival == Self.now + 130)
    }

    @Test("Without stops to go by, the calls still to come are kept; an unknown stop keeps its id without a name")
    func noStopsInState() {
        var train = Self.train
        train.stopTimes[3].stopID = "999S"
        let feed = FeedReport(name: "123456", timestamp: Self.now, trains: [train])
        let itinerary = Self.itinerary(Self.state(status: .unknown, stop: nil, next: nil), feeds: [feed])
        #expect(itinerary.current == nil)
        #expect(itinerary.calls.map(\.place.stopID) == ["127S", "128S", "132S", "999S"])
        #expect(itinerary.calls[3].place == .init(stopID: "999S"))
    }

    @Test("A vehicle no feed reports has no calls; a trip's calls are capped")
    func absentAndCapped() {
        let empty = Self.itinerary(Self.state(status: .moving, stop: "127S", next: "128S", id: "gone"),
                                   feeds: [FeedReport(name: "1", timestamp: Self.now, trains: [Self.train])])
        #expect(empty.calls.isEmpty)
        let long = TrainReport(tripID: "t1", routeID: "1", stopTimes: (0..<200).map {
            StopTimePrediction(stopID: "s\($0)", arrival: Self.now + Double($0) * 60)
        })
        let capped = Self.itinerary(Self.state(status: .moving, stop: nil, next: "s0"),
                                    feeds: [FeedReport(name: "1", timestamp: Self.now, trains: [long])])
        #expect(capped.calls.count == VehicleItinerary.maximumCalls)
    }

    @Test("A bus lists its SIRI calls nearest first, with Bus Time's distance words")
    func bus() {
        let calls = [
            BusCall(stopID: "404304", vehicleID: "MTA NYCT_7210", routeID: "M14", arrival: Self.now + 400, stopsAway: 3),
            BusCall(stopID: "404303", vehicleID: "MTA NYCT_7210", routeID: "M14", arrival: Self.now + 60, stopsAway: 0,
                    proximity: "approaching"),
            BusCall(stopID: "404303", vehicleID: "MTA NYCT_8000", routeID: "M14", arrival: Self.now + 90, stopsAway: 1),
        ]
        let feed = FeedReport(name: "siri-vm", timestamp: Self.now, busCalls: calls)
        let itinerary = Self.itinerary(Self.state(status: .moving, stop: nil, next: "404303", id: "MTA NYCT_7210", kind: .bus),
                                       feeds: [feed])
        #expect(itinerary.calls.map(\.place.stopID) == ["404303", "404304"])
        #expect(itinerary.calls[0].place.name == "W 14 ST/7 AV" && itinerary.calls[0].proximity == "approaching")
    }
}
