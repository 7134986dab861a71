import Testing
@testable import TransitEngine

@Suite struct TrainPlacementTests {
    typealias N = SyntheticNetwork
    let engine = PlacementEngine(network: SyntheticNetwork.make())
    let t0 = 1_700_000_000.0

    func place(_ report: TrainReport, at now: Double, feedTime: Double? = nil,
               memory: PlacementMemory = PlacementMemory()) -> PlacementResult {
        engine.place(N.feed([report], at: feedTime ?? t0), at: now, memory: memory)
    }

    func stoppedAtB() -> TrainReport {
        TrainReport(tripID: "100_X..N01R", routeID: "X", vehicleStopID: "BN", stopStatus: .stoppedAt, reportedAt: t0,
                    stopTimes: [StopTimePrediction(stopID: "BN", arrival: t0, departure: t0),
                                StopTimePrediction(stopID: "CN", arrival: t0 + 137), StopTimePrediction(stopID: "DN", arrival: t0 + 300)])
    }

    @Test func dwellsAtTheStationThenRunsByTime() throws {
        let atStation = try #require(place(stoppedAtB(), at: t0 + 10).states.first)
        #expect(atStation.status == .stopped)
        #expect(atStation.stop == "BN" && atStation.nextStop == "CN")
        #expect(abs(N.north(atStation.position) - 1_000) < 0.5)
        #expect(atStation.motion == nil)
        #expect(atStation.source == .inferred)
        #expect(atStation.headsign == "D Station")

        // 37 s dwell, then 100 s to C: at t0 + 87 it is half way.
        let running = try #require(place(stoppedAtB(), at: t0 + 87).states.first)
        #expect(running.status == .moving)
        #expect(running.stop == "BN" && running.nextStop == "CN")
        #expect(abs(N.north(running.position) - 1_500) < 0.5)
        #expect(Bearing.difference(running.bearing, 0) < 0.5)
        let motion = try #require(running.motion)
        #expect(motion.startTime == t0 + 87 && motion.endTime == t0 + 137)
        #expect(motion.path.count == 2)
        #expect(abs(N.north(motion.path.last!) - 2_000) < 0.5)
    }

    @Test func aGivenDepartureTimeOverridesTheDwell() throws {
        var report = stoppedAtB()
        report.stopTimes[0].departure = t0 + 60
        #expect(try #require(place(report, at: t0 + 55).states.first).status == .stopped)
        #expect(try #require(place(report, at: t0 + 65).states.first).status == .moving)
    }

    @Test func walksTheTimelineButNeverPastTheNextStop() throws {
        // Well after the predicted arrival at C the train is at C (dwelling), not beyond it.
        let atC = try #require(place(stoppedAtB(), at: t0 + 150).states.first)
        #expect(atC.status == .stopped && atC.stop == "CN")
        #expect(abs(N.north(atC.position) - 2_000) < 0.5)
        let pastTheLast = try #require(place(stoppedAtB(), at: t0 + 10_000).states.first)
        #expect(pastTheLast.stop == "DN")
        #expect(abs(N.north(pastTheLast.position) - 3_000) < 0.5)
    }

    @Test func runsFromThePreviousStopInTheFeed() throws {
        // Missing status means in transit; the first listed stop was left at t0 − 20.
        let report = TrainReport(tripID: "100_X..N01R", routeID: "X", vehicleStopID: "CN", reportedAt: t0,
                                 stopTimes: [StopTimePrediction(stopID: "BN", arrival: t0 - 20, departure: t0 - 20),
                                             StopTimePrediction(stopID: "CN", arrival: t0 + 80)])
        let state = try #require(place(report, at: t0 + 30).states.first)
        #expect(state.status == .moving && state.stop == "BN" && state.nextStop == "CN")
        #expect(abs(N.north(state.position) - 1_500) < 0.5)
    }

    @Test func learnsThePreviousStopFromOtherTrains() throws {
        // The first train lists B then C, 120 s apart; the second only lists C, due in 30 s.
        let behind = TrainReport(tripID: "090_X..N01R", routeID: "X", direction: "N",
                                 stopTimes: [StopTimePrediction(stopID: "BN", arrival: t0 + 200),
                                             StopTimePrediction(stopID: "CN", arrival: t0 + 320)])
        let ahead = TrainReport(tripID: "080_X..N01R", routeID: "X", direction: "N",
                                stopTimes: [StopTimePrediction(stopID: "CN", arrival: t0 + 30)])
        let result = engine.place(N.feed([behind, ahead], at: t0), at: t0)
        let state = try #require(result.states.first { $0.id == "080_X..N01R" })
        #expect(state.status == .moving && state.stop == "BN")
        #expect(abs(N.north(state.position) - 1_750) < 1)
    }

    @Test func aTripWaitingAtItsOriginIsNotStarted() throws {
        let report = TrainReport(tripID: "200_X..N01R", routeID: "X",
                                 stopTimes: [StopTimePrediction(stopID: "AN", departure: t0 + 300),
                                             StopTimePrediction(stopID: "BN", arrival: t0 + 400)])
        let state = try #require(place(report, at: t0).states.first)
        #expect(state.status == .stopped && state.stop == "AN")
        #expect(state.flags.contains(.notStarted))
        #expect(abs(N.north(state.position)) < 0.5)
    }

    @Test func laterPredictionsNeverSendATrainBack() throws {
        let first = place(stoppedAtB(), at: t0 + 87)
        let before = N.north(try #require(first.states.first).position)
        // The next feed predicts C much later: by time alone the train would be near B again.
        var delayed = stoppedAtB()
        delayed.stopTimes[1].arrival = t0 + 1_000
        let second = place(delayed, at: t0 + 88, memory: first.memory)
        let after = N.north(try #require(second.states.first).position)
        #expect(after >= before - 0.01)
        #expect(after <= 2_000)
    }

    @Test func flagsStaleFeedsAndStalledTrains() throws {
        let old = try #require(place(stoppedAtB(), at: t0 + 10, feedTime: t0 - 200).states.first)
        #expect(old.flags.contains(.stale))
        #expect(!(try #require(place(stoppedAtB(), at: t0 + 10).states.first)).flags.contains(.stale))

        // Held at B: the feed keeps pushing the departure back, the train does not move.
        var held = stoppedAtB()
        held.stopTimes[0].departure = t0 + 1_000
        var memory = PlacementMemory()
        var flags: [VehicleState.Flags] = []
        for second in stride(from: 0.0, through: 120, by: 30) {
            let result = place(held, at: t0 + second, memory: memory)
            flags.append(try #require(result.states.first).flags)
            memory = result.memory
        }
        #expect(!flags[2].contains(.stalled))
        #expect(flags[4].contains(.stalled))
    }

    @Test func ageComesFromTheVehicleReportOrElseTheFeed() throws {
        #expect(try #require(place(stoppedAtB(), at: t0 + 12).states.first).age == 12)
        var noTime = stoppedAtB()
        noTime.reportedAt = nil
        #expect(try #require(place(noTime, at: t0 + 5, feedTime: t0 - 10).states.first).age == 15)
    }

    @Test func aTrainAgainstItsShapeIsTurnedAround() throws {
        // Only a northbound shape exists; a southbound trip runs along it backwards.
        let report = TrainReport(tripID: "300_X..S01R", routeID: "X", direction: "S", vehicleStopID: "BS", reportedAt: t0,
                                 stopTimes: [StopTimePrediction(stopID: "CS", arrival: t0 - 10, departure: t0 - 10),
                                             StopTimePrediction(stopID: "BS", arrival: t0 + 90)])
        let state = try #require(place(report, at: t0 + 40).states.first)
        #expect(abs(N.north(state.position) - 1_500) < 0.5)
        #expect(Bearing.difference(state.bearing, 180) < 0.5)
        #expect(abs(N.north(try #require(state.motion?.path.last)) - 1_000) < 0.5)
    }

    @Test func reportedCoordinatesAreSnappedToTheShape() throws {
        let report = TrainReport(tripID: "static-1", routeID: "X", stopStatus: .inTransitTo, reportedAt: t0,
                                 position: SyntheticShapes.at(12, 1_234), bearing: 90,
                                 stopTimes: [StopTimePrediction(stopID: "CN", arrival: t0 + 60)])
        let state = try #require(place(report, at: t0).states.first)
        #expect(state.source == .gps)
        #expect(abs(N.north(state.position) - 1_234) < 0.5)
        #expect(abs(SyntheticShapes.frame.displacement(from: SyntheticShapes.origin, to: state.position).east) < 0.5)
        #expect(Bearing.difference(state.bearing, 0) < 0.5)
        #expect(state.nextStop == "CN")
    }

    @Test func aHeldTrainKeepsItsRunTimeFromTheRealDeparture() throws {
        // Stopped at B since t0 − 510 while its predictions had it at C by t0 − 410: at the feed
        // time it is still at B, so the 100 s run to C starts then.
        let held = TrainReport(tripID: "100_X..N01R", routeID: "X", vehicleStopID: "BN", stopStatus: .stoppedAt,
                               reportedAt: t0 - 510,
                               stopTimes: [StopTimePrediction(stopID: "BN", arrival: t0 - 510, departure: t0 - 510),
                                           StopTimePrediction(stopID: "CN", arrival: t0 - 410)])
        let atFeedTime = try #require(place(held, at: t0 - 1).states.first)
        #expect(atFeedTime.status == .stopped && atFeedTime.stop == "BN")
        let running = try #require(place(held, at: t0 + 50).states.first)
        #expect(abs(N.north(running.position) - 1_500) < 0.5)
        #expect(running.motion?.endTime == t0 + 100)
    }

    @Test func finishedTripsLeftInTheFeedAreNotDrawn() throws {
        // Arrived at its terminal long ago, nothing ahead: NYCT keeps these for hours.
        let finished = TrainReport(tripID: "100_X..N01R", routeID: "X", vehicleStopID: "DN", stopStatus: .stoppedAt,
                                   reportedAt: t0 - 3_000)
        #expect(place(finished, at: t0).states.isEmpty)
        var justArrived = finished
        justArrived.reportedAt = t0 - 60
        let state = try #require(place(justArrived, at: t0).states.first)
        #expect(state.stop == "DN" && state.status == .stopped)
    }

    @Test func unknownRoutesAreCountedAndNotDrawn() {
        let report = TrainReport(tripID: "1_Q..N", routeID: "Q", stopTimes: [StopTimePrediction(stopID: "BN", arrival: t0)])
        let result = place(report, at: t0)
        #expect(result.states.isEmpty)
        #expect(result.coverage.routes["Q"]?.none == 1)
    }

    @Test func theNewestFeedWinsForATripInTwoFeeds() throws {
        var newer = stoppedAtB()
        newer.stopTimes[0].departure = t0 + 500
        let snapshot = FeedSnapshot([FeedReport(name: "old", timestamp: t0 - 30, trains: [stoppedAtB()]),
                                     FeedReport(name: "new", timestamp: t0, trains: [newer])])
        let result = engine.place(snapshot, at: t0 + 100)
        #expect(result.states.count == 1)
        #expect(result.states.first?.status == .stopped)
    }
}
