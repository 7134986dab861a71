import Testing
import TransitData
@testable import TransitEngine

/// Trains that share a trip id (the NYCT N/Q/R/W feed's split trips) on messages built by hand.
@Suite struct TripIdentityTests {
    typealias RT = GTFSRealtime

    static func trip(_ tripID: String, train: String?, date: String? = "20240120") -> RT.TripDescriptor {
        RT.TripDescriptor(tripId: tripID, routeId: "N", startDate: date,
                          nyctTripDescriptor: train.map { RT.NyctTripDescriptor(trainId: $0, direction: .south) })
    }

    static func update(_ trip: RT.TripDescriptor, stop: String, at time: Int64, track: RT.NyctStopTimeUpdate? = nil) -> RT.FeedEntity {
        RT.FeedEntity(id: "tu-\(stop)", tripUpdate: RT.TripUpdate(trip: trip, stopTimeUpdates: [
            RT.TripUpdate.StopTimeUpdate(stopId: stop, arrival: .init(time: time), departure: .init(time: time), nyctStopTimeUpdate: track),
        ]))
    }

    static func vehicle(_ trip: RT.TripDescriptor, stop: String) -> RT.FeedEntity {
        RT.FeedEntity(id: "vp-\(stop)", vehicle: RT.VehiclePosition(trip: trip, stopId: stop, currentStatus: .stoppedAt, timestamp: 990))
    }

    static func report(_ entities: [RT.FeedEntity]) -> FeedReport {
        FeedReport(name: "nqrw", realtime: RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "1.0", timestamp: 1_000),
                                                          entities: entities),
                   profile: NYCTProfile(), fetchedAt: 0)
    }

    @Test("Two trains on one trip id are two reports, each joined with its own vehicle position")
    func twoTrainsOneTripID() throws {
        let astoria = Self.trip("115200_N..S", train: "1N 1912 DIT/BEB")
        let secondAvenue = Self.trip("115200_N..S", train: "1N 1912 962/STL")
        let report = Self.report([
            Self.update(astoria, stop: "R01S", at: 1_020), Self.vehicle(astoria, stop: "R01S"),
            Self.update(secondAvenue, stop: "Q05S", at: 1_020), Self.vehicle(secondAvenue, stop: "Q05S"),
        ])
        #expect(report.trains.count == 2)
        #expect(report.trains.map { $0.vehicleID } == ["115200_N..S 1N 1912 DIT/BEB 20240120", "115200_N..S 1N 1912 962/STL 20240120"])
        #expect(report.trains.allSatisfy { $0.tripID == "115200_N..S" })
        #expect(report.trains.map { $0.vehicleStopID } == ["R01S", "Q05S"])
        #expect(report.trains.map { $0.stopTimes.map { $0.stopID } } == [["R01S"], ["Q05S"]])
    }

    @Test("The same train described twice counts once (the first); a lone trip id stays the vehicle id")
    func sameTrainTwice() {
        let train = Self.trip("115200_N..S", train: "1N 1912 DIT/BEB")
        let report = Self.report([
            Self.update(train, stop: "R01S", at: 1_020), Self.update(train, stop: "R03S", at: 1_100),
            Self.update(Self.trip("117600_N..S", train: nil, date: nil), stop: "R01S", at: 1_500),
        ])
        #expect(report.trains.map { $0.vehicleID } == ["115200_N..S", "117600_N..S"])
        #expect(report.trains[0].stopTimes.map { $0.stopID } == ["R01S"])
    }

    @Test("Start dates tell trips apart too; a vehicle position alone with a shared id is its own train")
    func startDatesAndLoneVehicles() {
        let today = Self.trip("120000_N..S", train: nil, date: "20240120")
        let yesterday = Self.trip("120000_N..S", train: nil, date: "20240119")
        let report = Self.report([Self.update(today, stop: "R01S", at: 1_020), Self.vehicle(yesterday, stop: "D43S")])
        #expect(report.trains.map { $0.vehicleID } == ["120000_N..S 20240120", "120000_N..S 20240119"])
        #expect(report.trains[1].stopTimes.isEmpty && report.trains[1].vehicleStopID == "D43S")
    }

    @Test("Placement keeps both trains as vehicles of their own")
    func placedApart() {
        let report = Self.report([
            Self.update(Self.trip("115200_N..S", train: "A"), stop: "R01S", at: 1_020),
            Self.update(Self.trip("115200_N..S", train: "B"), stop: "Q05S", at: 1_020),
        ])
        let station = { (id: String, lat: Double) in
            NetworkStop(id: id, name: id, coordinate: Coordinate(latitude: lat, longitude: -73.9))
        }
        let network = Network(routes: [], stops: [station("R01S", 40.77), station("Q05S", 40.78)], trips: [],
                              shapePoints: ["N..S": [Coordinate(latitude: 40.76, longitude: -73.9), Coordinate(latitude: 40.79, longitude: -73.9)]],
                              profile: NYCTProfile())
        let placed = PlacementEngine(network: network).place(FeedSnapshot([report]), at: 1_000)
        #expect(placed.states.map { $0.id }.sorted() == ["115200_N..S A 20240120", "115200_N..S B 20240120"])
        #expect(placed.memory.trains.count == 2)
    }

    @Test("Tracks: the actual one, else the scheduled one; empty strings are no track")
    func tracks() {
        let trip = Self.trip("1", train: "x")
        let cases: [(RT.NyctStopTimeUpdate?, String?)] = [
            (RT.NyctStopTimeUpdate(scheduledTrack: "4", actualTrack: "1"), "1"),
            (RT.NyctStopTimeUpdate(scheduledTrack: "4"), "4"),
            (RT.NyctStopTimeUpdate(scheduledTrack: "4", actualTrack: ""), "4"),
            (RT.NyctStopTimeUpdate(scheduledTrack: "", actualTrack: ""), nil),
            (RT.NyctStopTimeUpdate(), nil),
            (nil, nil),
        ]
        for (tracks, expected) in cases {
            let report = Self.report([Self.update(trip, stop: "R01S", at: 1_020, track: tracks)])
            #expect(report.trains.first?.stopTimes.first?.track == expected, "\(String(describing: tracks))")
        }
    }
}
