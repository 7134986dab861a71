import Testing
@testable import TransitEngine

@Suite struct BusPlacementTests {
    typealias N = SyntheticNetwork
    typealias S = SyntheticShapes
    let engine = PlacementEngine(network: SyntheticNetwork.make())
    let t0 = 1_700_000_000.0

    func place(_ bus: BusReport, at now: Double, memory: PlacementMemory = PlacementMemory()) -> PlacementResult {
        engine.place(FeedSnapshot([FeedReport(name: "siri", timestamp: t0, buses: [bus])]), at: now, memory: memory)
    }

    /// A bus 8 m off its street (the shape 30 m east of the trunk), 1,200 m north.
    func bus(held: Bool = false, nextStop: String? = nil, bearing: Double? = 0) -> BusReport {
        BusReport(vehicleID: "MTA NYCT_1", routeID: "B1", shapeID: "B1N", direction: "0", position: S.at(38, 1_200),
                  bearing: bearing, recordedAt: t0, nextStopID: nextStop, isHeld: held)
    }

    @Test func snapsOntoItsShapeAndFollowsIt() throws {
        let state = try #require(place(bus(), at: t0).states.first)
        #expect(state.kind == .bus && state.source == .gps)
        #expect(abs(S.frame.displacement(from: S.origin, to: state.position).east - 30) < 0.5)
        #expect(abs(N.north(state.position) - 1_200) < 0.5)
        #expect(Bearing.difference(state.bearing, 0) < 0.5)
        #expect(state.direction == "0")
    }

    @Test func deadReckonsAtFourMetresASecondUpToTheCap() throws {
        #expect(abs(N.north(try #require(place(bus(), at: t0 + 10).states.first).position) - 1_240) < 0.5)
        #expect(abs(N.north(try #require(place(bus(), at: t0 + 100).states.first).position) - 1_350) < 0.5)
    }

    @Test func stopsAtTheNextStop() throws {
        // Station C's platform is 800 m ahead along the bus street (30 m off it, so within reach).
        let capped = try #require(place(bus(nextStop: "CN"), at: t0 + 30).states.first)
        #expect(abs(N.north(capped.position) - 1_320) < 0.5)
        let nearStop = BusReport(vehicleID: "v", routeID: "B1", shapeID: "B1N", position: S.at(30, 1_950),
                                 recordedAt: t0, nextStopID: "CN")
        #expect(abs(N.north(try #require(place(nearStop, at: t0 + 60).states.first).position) - 2_000) < 0.5)
    }

    @Test func heldBusesDoNotMove() throws {
        let state = try #require(place(bus(held: true), at: t0 + 60).states.first)
        #expect(abs(N.north(state.position) - 1_200) < 0.5)
        #expect(state.status == .stopped)
    }

    @Test func usesItsOwnRecentSpeed() throws {
        var first = bus()
        first.recordedAt = t0 - 30
        first.position = S.at(30, 1_140)
        let earlier = place(first, at: t0)
        let state = try #require(place(bus(), at: t0 + 10, memory: earlier.memory).states.first)
        // 60 m in 30 s is 2 m/s.
        #expect(abs(N.north(state.position) - 1_220) < 0.5)
    }

    @Test func busesFarFromEveryShapeStayWhereTheySay() throws {
        let lost = BusReport(vehicleID: "v", routeID: "B1", position: S.at(2_000, 2_000), bearing: 45, recordedAt: t0)
        let state = try #require(place(lost, at: t0 + 30).states.first)
        #expect(state.position == lost.position)
        #expect(state.bearing == 45)
    }

    @Test func aBorrowedShapeDrawnTheOtherWayIsReversed() throws {
        let southbound = BusReport(vehicleID: "v", routeID: "B1", direction: "1", position: S.at(30, 1_200),
                                   bearing: 180, recordedAt: t0)
        let state = try #require(place(southbound, at: t0 + 10).states.first)
        #expect(Bearing.difference(state.bearing, 180) < 0.5)
        #expect(abs(N.north(state.position) - 1_160) < 0.5)
    }
}
