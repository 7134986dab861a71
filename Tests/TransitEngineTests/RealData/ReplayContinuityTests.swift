import Testing
import TestSupport
@testable import TransitEngine

@Suite(.enabled(if: SharedData.isAvailable))
struct ReplayContinuityTests {
    /// Places a replay every second from its first snapshot to 30 s after its last, handing
    /// each snapshot to the engine when its header time comes, and returns the largest
    /// backwards step any train took along its track between consecutive seconds.
    func largestBackwardsStep(_ folder: String) throws -> (metres: Double, comparisons: Int, worst: String) {
        let engine = PlacementEngine(network: RealFeeds.subway)
        let snapshots = try RealFeeds.files(in: folder).map(RealFeeds.subwayFeed)
        #expect(snapshots.count >= 2)
        var memory = PlacementMemory()
        var largest = 0.0, comparisons = 0, worst = ""
        let start = snapshots[0].timestamp, end = snapshots[snapshots.count - 1].timestamp + 30
        for now in stride(from: start, through: end, by: 1) {
            let current = snapshots.last { $0.timestamp <= now }!
            let result = engine.place(FeedSnapshot([current]), at: now, memory: memory)
            for (trip, after) in result.memory.trains {
                guard let before = memory.trains[trip], before.shape == after.shape, before.isReversed == after.isReversed
                else { continue }
                let step = (after.distanceAlong - before.distanceAlong) * (after.isReversed ? -1 : 1)
                comparisons += 1
                if -step > largest { largest = -step; worst = "\(trip) at \(now)" }
            }
            memory = result.memory
        }
        return (largest, comparisons, worst)
    }

    @Test func sevenTrainNeverRunsBackwards() throws {
        let result = try largestBackwardsStep("gtfs-rt-samples/nyct-subway/replay/2019-06-01_7-train_4-snapshots-30s")
        #expect(result.comparisons > 2_000)
        #expect(result.metres <= 50, "\(result.worst) went back \(result.metres) m")
    }

    @Test func lines1To6NeverRunBackwards() throws {
        let result = try largestBackwardsStep("gtfs-rt-samples/nyct-subway/replay/2016-05-11_123456S_2-snapshots-39s")
        #expect(result.comparisons > 2_000)
        #expect(result.metres <= 50, "\(result.worst) went back \(result.metres) m")
    }
}
