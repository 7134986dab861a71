import Testing
@testable import TracksideServer

@Suite struct StreamStepTests {
    func entry(_ seq: UInt64, epoch: String = "e1", keyframe: Bool = false) -> PublishedTick {
        PublishedTick(epoch: epoch, seq: seq, term: 1, tickTime: Double(seq), feedTime: nil, isKeyframe: keyframe, vehicles: [])
    }

    @Test func theNextTickAppliesAndAnythingElseNeedsAKeyframe() {
        #expect(StreamStep(entry: entry(11), epoch: "e1", seq: 10, inStep: true) == .apply)
        #expect(StreamStep(entry: entry(11, keyframe: true), epoch: "e1", seq: 10, inStep: true) == .apply)
        #expect(StreamStep(entry: entry(10), epoch: "e1", seq: 10, inStep: true) == .skip)
        #expect(StreamStep(entry: entry(3), epoch: "e1", seq: 10, inStep: true) == .skip)
        // A missing entry, another epoch, or not yet in step: never applied.
        #expect(StreamStep(entry: entry(12), epoch: "e1", seq: 10, inStep: true) == .reload)
        #expect(StreamStep(entry: entry(12, keyframe: true), epoch: "e1", seq: 10, inStep: true) == .load)
        #expect(StreamStep(entry: entry(11, epoch: "e2"), epoch: "e1", seq: 10, inStep: true) == .reload)
        #expect(StreamStep(entry: entry(1, epoch: "e2", keyframe: true), epoch: "e1", seq: 10, inStep: true) == .load)
        #expect(StreamStep(entry: entry(11), epoch: "e1", seq: 10, inStep: false) == .reload)
        #expect(StreamStep(entry: entry(5, keyframe: true), epoch: "e1", seq: 10, inStep: false) == .load)
        // A keyframe read again is skipped; one of a new term behind the hub is another history, loaded.
        #expect(StreamStep(entry: entry(9, keyframe: true), epoch: "e1", seq: 10, term: 1, inStep: true) == .skip)
        #expect(StreamStep(entry: entry(9, keyframe: true), epoch: "e1", seq: 10, term: 4, inStep: true) == .load)
        #expect(StreamStep(entry: entry(9), epoch: "e1", seq: 10, term: 4, inStep: true) == .skip)
    }
}
