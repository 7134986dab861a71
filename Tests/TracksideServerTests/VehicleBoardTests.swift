import Testing
import TransitEngine
@testable import TracksideServer

@Suite struct VehicleBoardTests {
    let grid = TileGrid(longitudeStep: 0.01, latitudeStep: 0.01)

    /// The region of tiles x -7400…-7399, y 4070 (lon -74.00…-73.98, lat 40.70…40.71).
    var region: Region {
        Region(tiles: TileRange(minX: -7400, minY: 4070, maxX: -7399, maxY: 4070), filter: .all)
    }

    func apply(_ board: inout VehicleBoard, _ next: [VehicleState]) -> ChangeSet {
        board.apply(VehicleDiff(previous: board.states, next: next))
    }

    @Test func aVehicleLeavingTheRegionIsRemovedAndOneEnteringIsUpserted() {
        var board = VehicleBoard(grid: grid)
        _ = apply(&board, [vehicle("leaves", lon: -73.995, lat: 40.705), vehicle("enters", lon: -73.975, lat: 40.705)])
        #expect(board.vehicles(in: region).map(\.id) == ["leaves"])
        let changes = apply(&board, [vehicle("leaves", lon: -73.975, lat: 40.705), vehicle("enters", lon: -73.985, lat: 40.705)])
        let delta = changes.delta(for: region)
        #expect(delta.upserts.map(\.id) == ["enters"])
        #expect(delta.removals == ["leaves"])
        #expect(board.vehicles(in: region).map(\.id) == ["enters"])
    }

    @Test func movingBetweenTwoTilesOfTheRegionIsOnlyAnUpsert() {
        var board = VehicleBoard(grid: grid)
        _ = apply(&board, [vehicle("a", lon: -73.995, lat: 40.705)])
        let delta = apply(&board, [vehicle("a", lon: -73.985, lat: 40.705)]).delta(for: region)
        #expect(delta.upserts.map(\.id) == ["a"] && delta.removals.isEmpty)
    }

    @Test func changesElsewhereDoNotReachTheRegion() {
        var board = VehicleBoard(grid: grid)
        _ = apply(&board, [vehicle("far", lon: -73.5, lat: 40.9)])
        let delta = apply(&board, [vehicle("far", lon: -73.49, lat: 40.9)]).delta(for: region)
        #expect(delta.upserts.isEmpty && delta.removals.isEmpty)
    }

    @Test func theFilterSelectsLayersAndRoutes() {
        var board = VehicleBoard(grid: grid)
        _ = apply(&board, [vehicle("bus", lon: -73.995, lat: 40.705, route: "M15", kind: .bus),
                           vehicle("train", lon: -73.995, lat: 40.705, route: "7")])
        var buses = region
        buses.filter = VehicleFilter(kinds: [.bus])
        #expect(board.vehicles(in: buses).map(\.id) == ["bus"])
        var seven = region
        seven.filter = VehicleFilter(routes: ["7"])
        #expect(board.vehicles(in: seven).map(\.id) == ["train"])
        // A train that changes route leaves the route-filtered view.
        let delta = apply(&board, [vehicle("bus", lon: -73.995, lat: 40.705, route: "M15", kind: .bus),
                                   vehicle("train", lon: -73.995, lat: 40.705, route: "7X")]).delta(for: seven)
        #expect(delta.upserts.isEmpty && delta.removals == ["train"])
    }

    @Test func removedVehiclesLeaveEveryIndex() {
        var board = VehicleBoard(grid: grid)
        _ = apply(&board, [vehicle("a", lon: -73.995, lat: 40.705)])
        let delta = apply(&board, []).delta(for: region)
        #expect(delta.removals == ["a"])
        #expect(board.vehicles(in: region).isEmpty && board.states.isEmpty && board.vehicles.isEmpty)
    }

    @Test func publishedJSONIsTheStateWireForm() {
        let state = vehicle("a", lon: -73.995, lat: 40.705)
        let published = PublishedVehicle(state, grid: grid)
        #expect(String(decoding: published.json, as: UTF8.self) == state.json)
        #expect(published.tile == Tile(x: -7400, y: 4070))
    }
}

@Suite struct DeltaHistoryTests {
    func changes(_ id: String) -> ChangeSet {
        var set = ChangeSet()
        set.record(id: id, old: nil, new: PublishedVehicle(vehicle(id, lon: -73.99, lat: 40.7), grid: .standard))
        return set
    }

    @Test func foldsEveryTickAfterTheGivenSeq() throws {
        var history = DeltaHistory(retention: 120)
        for seq in 1...5 { history.record(seq: UInt64(seq), time: Double(seq), changes: changes("v\(seq)")) }
        let missed = try #require(history.changes(after: 2))
        #expect(Set(missed.final.keys) == ["v3", "v4", "v5"])
        #expect(history.changes(after: 5)?.isEmpty == true)
        #expect(history.changes(after: 6) == nil)
        #expect(history.changes(after: 0).map { $0.final.count } == 5)
    }

    @Test func keepsTheRetentionWindowAndNoMore() {
        var history = DeltaHistory(retention: 120)
        for seq in 1...300 { history.record(seq: UInt64(seq), time: Double(seq), changes: changes("v\(seq % 7)")) }
        // Ticks at t >= 180 are kept: resuming after seq 179 works, after seq 178 does not.
        #expect(history.changes(after: 179) != nil)
        #expect(history.changes(after: 178) == nil)
    }
}

@Suite struct TokenBucketTests {
    /// Takes one token at each time and reports which were granted.
    func grants(_ bucket: inout TokenBucket, at times: [Double]) -> [Bool] {
        times.map { bucket.take(now: $0) }
    }

    @Test func allowsABurstThenTheRefillRate() {
        var bucket = TokenBucket(capacity: 3, refillPerSecond: 2)
        #expect(grants(&bucket, at: [100, 100, 100, 100]) == [true, true, true, false])
        #expect(abs(bucket.wait(now: 100) - 0.5) < 1e-9)
        #expect(grants(&bucket, at: [100.4, 100.6, 100.6]) == [false, true, false])
        #expect(grants(&bucket, at: [200, 200, 200, 200]) == [true, true, true, false])
    }

    @Test func aClockGoingBackwardsGrantsNothing() {
        var bucket = TokenBucket(capacity: 1, refillPerSecond: 1)
        #expect(grants(&bucket, at: [50, 10, 50.5, 51]) == [true, false, false, true])
    }
}
