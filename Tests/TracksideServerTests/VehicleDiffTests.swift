import Testing
import TransitEngine
@testable import TracksideServer

@Suite struct VehicleDiffTests {
    @Test func reportsAddedChangedAndRemovedButNotUnchanged() {
        let a = vehicle("a", lon: -73.9, lat: 40.7)
        let b = vehicle("b", lon: -73.9, lat: 40.7)
        let c = vehicle("c", lon: -73.9, lat: 40.7)
        var movedB = b
        movedB.position.latitude += 0.001
        let d = vehicle("d", lon: -73.8, lat: 40.7)
        let diff = VehicleDiff(previous: ["a": a, "b": b, "c": c], next: [a, movedB, d])
        #expect(diff.upserts == [movedB, d])
        #expect(diff.removals == ["c"])
    }

    @Test func anyFieldChangeCountsButIdenticalTicksAreEmpty() {
        let a = vehicle("a", lon: -73.9, lat: 40.7)
        var flagged = a
        flagged.flags = [.stale]
        #expect(VehicleDiff(previous: ["a": a], next: [flagged]).upserts == [flagged])
        #expect(VehicleDiff(previous: ["a": a], next: [a]).isEmpty)
        #expect(VehicleDiff(previous: [:], next: []).isEmpty)
    }

    @Test func aDuplicatedIdKeepsItsLastState() {
        let first = vehicle("a", lon: -73.9, lat: 40.7)
        let last = vehicle("a", lon: -73.8, lat: 40.7)
        let diff = VehicleDiff(previous: [:], next: [first, last])
        #expect(diff.upserts == [last])
        #expect(VehicleDiff(previous: ["a": last], next: [first, last]).isEmpty)
    }

    @Test func removalsAreSorted() {
        let previous = Dictionary(uniqueKeysWithValues: ["z", "m", "a"].map { ($0, vehicle($0, lon: 0, lat: 0)) })
        #expect(VehicleDiff(previous: previous, next: []).removals == ["a", "m", "z"])
    }
}
