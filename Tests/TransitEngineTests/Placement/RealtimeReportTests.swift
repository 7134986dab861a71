import Testing
import TransitData
@testable import TransitEngine

/// Reading GTFS-realtime messages into train reports: the joins and the quirks, on messages
/// built by hand so each rule is seen on its own.
@Suite struct RealtimeReportTests {
    typealias RT = GTFSRealtime

    func feed(headerTime: UInt64?, _ entities: [RT.FeedEntity]) -> RT.FeedMessage {
        RT.FeedMessage(header: RT.FeedHeader(gtfsRealtimeVersion: "1.0", timestamp: headerTime), entities: entities)
    }

    func update(_ tripID: String, route: String = "D", stops: [(String, Int64)]) -> RT.FeedEntity {
        RT.FeedEntity(id: "tu-" + tripID, tripUpdate: RT.TripUpdate(
            trip: RT.TripDescriptor(tripId: tripID, routeId: route),
            stopTimeUpdates: stops.map { RT.TripUpdate.StopTimeUpdate(stopId: $0.0, arrival: .init(time: $0.1), departure: .init(time: $0.1)) }))
    }

    func vehicle(_ tripID: String, route: String = "D", stop: String?, status: RT.VehiclePosition.VehicleStopStatus?,
                 timestamp: UInt64?, position: RT.Position? = nil) -> RT.FeedEntity {
        RT.FeedEntity(id: "vp-" + tripID, vehicle: RT.VehiclePosition(
            trip: RT.TripDescriptor(tripId: tripID, routeId: route), position: position, stopId: stop,
            currentStatus: status, timestamp: timestamp))
    }

    @Test func joinsTripUpdatesWithTheirVehicle() throws {
        let message = feed(headerTime: 1_000, [
            update("1_D..N", stops: [("D04", 1_010), ("D03N", 1_100)]),
            vehicle("1_D..N", stop: "D04", status: nil, timestamp: 990),
            vehicle("2_D..S", stop: "D03S", status: .stoppedAt, timestamp: 995),
        ])
        let report = FeedReport(name: "bdfm", realtime: message, profile: NYCTProfile(), fetchedAt: 5_000)
        #expect(report.timestamp == 1_000)
        #expect(report.trains.count == 2)
        let joined = try #require(report.trains.first { $0.tripID == "1_D..N" })
        #expect(joined.direction == "N")
        #expect(joined.vehicleStopID == "D04N")
        #expect(joined.stopStatus == nil)
        #expect(joined.reportedAt == 990)
        #expect(joined.stopTimes.map(\.stopID) == ["D04N", "D03N"])
        let alone = try #require(report.trains.first { $0.tripID == "2_D..S" })
        #expect(alone.stopStatus == .stoppedAt && alone.stopTimes.isEmpty)
    }

    @Test func zeroTimestampsAreAbsent() throws {
        let message = feed(headerTime: 0, [
            update("1_D..N", stops: [("D04N", 0), ("D03N", 1_100)]),
            vehicle("1_D..N", stop: "D04N", status: .stoppedAt, timestamp: 0),
        ])
        let report = FeedReport(name: "bdfm", realtime: message, profile: NYCTProfile(), fetchedAt: 5_000)
        #expect(report.timestamp == 5_000)
        let train = try #require(report.trains.first)
        #expect(train.reportedAt == nil)
        #expect(train.stopTimes[0].arrival == nil && train.stopTimes[1].arrival == 1_100)
    }

    /// Found while writing a fuzz harness for the engine (its integer conversions, read by
    /// hand, then crafted feeds): a header stamped with `uint64`'s maximum (1.8e19 s) made the
    /// first vehicle state written trap on `UInt64(timestamp)`, and an arrival at `int64`'s
    /// maximum trapped the station's board on `Int64(time)`: one bad feed took the server down.
    /// Instants outside 1970…9999 are now absent, like zero, and the states and board are written.
    @Test func timestampsBeyondTheYear9999AreAbsent() throws {
        let latest = FeedTime.latest
        let message = feed(headerTime: .max, [
            update("1_X..N", route: "X", stops: [("AN", .max), ("BN", latest + 1), ("CN", -5), ("DN", latest)]),
            vehicle("1_X..N", route: "X", stop: "AN", status: .inTransitTo, timestamp: .max),
        ])
        let report = FeedReport(name: "x", realtime: message, profile: StandardProfile(), fetchedAt: 5_000)
        #expect(report.timestamp == 5_000)
        let train = try #require(report.trains.first)
        #expect(train.reportedAt == nil)
        #expect(train.stopTimes.map(\.arrival) == [nil, nil, nil, Double(latest)])

        let network = SyntheticNetwork.make(profile: StandardProfile())
        let snapshot = FeedSnapshot([report])
        // What the wire writes (whole seconds, `TracksideServer`'s ArrivalBoardJSONTests) stays within 1970…9999.
        let states = PlacementEngine(network: network).place(snapshot, at: 5_000).states
        #expect(states.allSatisfy { $0.feedTimestamp <= UInt64(latest) })
        let station = try #require(network.stations.first { $0.id == "D" })
        let board = ArrivalBoard(station: station, network: network, feeds: snapshot, now: 5_000)
        #expect(board.groups.flatMap(\.arrivals).compactMap(\.time).contains(Double(latest)))
        #expect(board.groups.flatMap(\.arrivals).compactMap(\.time).allSatisfy { $0 <= Double(latest) })
    }

    @Test func futureVehicleStampsMeanNotStarted() throws {
        let message = feed(headerTime: 1_000, [
            update("3_A..S", route: "A", stops: [("A02S", 1_600), ("A03S", 1_690)]),
            vehicle("3_A..S", route: "A", stop: "A02S", status: .inTransitTo, timestamp: 1_600),
        ])
        let nyc = try #require(FeedReport(name: "ace", realtime: message, profile: NYCTProfile(), fetchedAt: 0).trains.first)
        #expect(nyc.notStarted && nyc.reportedAt == nil)
        let plain = try #require(FeedReport(name: "ace", realtime: message, profile: StandardProfile(), fetchedAt: 0).trains.first)
        #expect(!plain.notStarted && plain.reportedAt == 1_600)
    }

    @Test func cancelledTripsSkippedStopsAndPlaceholderPositionsAreDropped() throws {
        var cancelled = update("4_D..N", stops: [("D01N", 1_100)])
        cancelled.tripUpdate?.trip.scheduleRelationship = .canceled
        var skipping = update("5_D..N", stops: [("D02N", 1_050), ("D01N", 1_100)])
        skipping.tripUpdate?.stopTimeUpdates[0].scheduleRelationship = .skipped
        let message = feed(headerTime: 1_000, [
            cancelled, skipping,
            vehicle("5_D..N", stop: "D01N", status: .inTransitTo, timestamp: 990, position: RT.Position(latitude: 0, longitude: 0)),
        ])
        let report = FeedReport(name: "bdfm", realtime: message, profile: NYCTProfile(), fetchedAt: 0)
        #expect(report.trains.map(\.tripID) == ["5_D..N"])
        #expect(report.trains[0].stopTimes.map(\.stopID) == ["D01N"])
        #expect(report.trains[0].position == nil)
    }
}
