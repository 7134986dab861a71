import Testing
@testable import TransitEngine

@Suite struct ShapeMatchingTests {
    let network = SyntheticNetwork.make()

    @Test func staticTripShapeIsExact() {
        #expect(network.shape(forTrip: "static-1", routeID: "X", direction: nil, stops: [])
                == ShapeMatch(shapeIndex: network.shapeIndex["X..N01R"]!, quality: .exact))
    }

    @Test func realtimeTripIdNamingAShapeIsExact() {
        #expect(network.shape(forTrip: "131000_X..N02R", routeID: "X", direction: nil, stops: [])?.shapeIndex
                == network.shapeIndex["X..N02R"])
    }

    @Test func fallbackPicksTheBranchPassingTheStops() {
        let toE = network.shape(forTrip: "1_X..N", routeID: "X", direction: "N", stops: ["BN", "EN"])
        #expect(toE == ShapeMatch(shapeIndex: network.shapeIndex["X..N02R"]!, quality: .fallback))
        let toD = network.shape(forTrip: "1_X..N", routeID: "X", direction: "N", stops: ["CN", "DN"])
        #expect(toD?.shapeIndex == network.shapeIndex["X..N01R"])
    }

    @Test func aliasesBorrowAnotherRoutesShapes() {
        var profile = NYCTProfile()
        profile.aliases["XX"] = ["X"]
        let network = SyntheticNetwork.make(profile: profile)
        #expect(network.shape(forTrip: "1_XX..N", routeID: "XX", direction: "N", stops: ["CN"])?.quality == .fallback)
        #expect(network.shape(forTrip: "1_YY..N", routeID: "YY", direction: "N", stops: ["CN"]) == nil)
    }

    @Test func shapesKnowTheirStopsAndStationsTheirRoutes() throws {
        let trunk = network.shapes[network.shapeIndex["X..N01R"]!]
        let passC = try #require(trunk.stopPasses["CN"]?.first)
        #expect(abs(passC.distanceAlong - 2_000) < 0.5)
        #expect(trunk.stopPasses["EN"] == nil)
        #expect(trunk.routeID == "X" && trunk.direction == "N")
        let stationB = try #require(network.stations.first { $0.id == "B" })
        #expect(stationB.platforms == ["BN", "BS"])
        // The bus street is 30 m away: passing near, but not through, the platforms.
        #expect(stationB.routes == ["X"])
    }
}

@Suite struct NYCTProfileTests {
    let profile = NYCTProfile()

    @Test func readsDirectionAndShapeFromTripIds() {
        #expect(profile.direction(ofTripID: "131000_1..N03R") == "N")
        #expect(profile.direction(ofTripID: "107613_D..S") == "S")
        #expect(profile.direction(ofTripID: "A20111204SAT_021150_GS.N01R") == "N")
        #expect(profile.direction(ofTripID: "no-pattern") == nil)
        #expect(profile.shapeIDs(namedByTripID: "131000_1..N03R") == ["1..N03R"])
        #expect(profile.shapeIDs(namedByTripID: "garbage_") == [])
        #expect(profile.routeAndDirection(ofShapeID: "A..S55R")?.route == "A")
        #expect(profile.routeAndDirection(ofShapeID: "A..S55R")?.direction == "S")
    }

    @Test func correctsStopIds() {
        #expect(profile.correctedStopID("D04", routeID: "D", direction: "N") == "D04N")
        #expect(profile.correctedStopID("D04S", routeID: "D", direction: "N") == "D04S")
        #expect(profile.correctedStopID("D04", routeID: "D", direction: nil) == "D04")
        #expect(profile.correctedStopID("M11N", routeID: "M", direction: "N") == "M11S")
        #expect(profile.correctedStopID("M11", routeID: "M", direction: "N") == "M11S")
        #expect(profile.correctedStopID("M11N", routeID: "J", direction: "N") == "M11N")
        #expect(profile.direction(forDirectionID: "1") == "S")
    }
}

@Suite struct StopRunTimesTests {
    @Test func medianGapToTheUsualPreviousStop() {
        func train(_ id: Int, _ gaps: [(String, Double)]) -> TrainReport {
            TrainReport(tripID: "trip-\(id)", routeID: "X", stopTimes: gaps.map { StopTimePrediction(stopID: $0.0, arrival: $0.1) })
        }
        let runTimes = StopRunTimes([train(1, [("A", 0), ("B", 100)]), train(2, [("A", 50), ("B", 170)]),
                                     train(3, [("A", 0), ("B", 90)]), train(4, [("Z", 0), ("B", 10)])])
        #expect(runTimes.leg(to: "B", route: "X") == StopRunTimes.Leg(previousStopID: "A", seconds: 100))
        #expect(runTimes.leg(to: "A", route: "X") == nil)
        #expect(runTimes.leg(to: "B", route: "Y") == nil)
    }
}
