import Testing
@testable import WebSocketServer

/// How the server decides its open files limit from the connection limit: the soft limit goes up
/// to what is needed, never past the hard limit (without a ceiling), never down; the rest is the
/// shortfall it warns about.
@Suite struct OpenFilesLimitTests {
    @Test func aLowSoftLimitIsRaisedToTheNeedUnderTheHardLimit() {
        let plan = OpenFilesLimit(soft: 1_024, hard: 524_288).plan(needed: 50_320)
        #expect(plan == OpenFilesLimit.Plan(target: OpenFilesLimit(soft: 50_320, hard: 524_288), shortfall: 0))
    }

    @Test func theHardLimitCapsTheSoftOneAndTheRestIsTheShortfall() {
        let plan = OpenFilesLimit(soft: 1_024, hard: 20_000).plan(needed: 50_320)
        #expect(plan == OpenFilesLimit.Plan(target: OpenFilesLimit(soft: 20_000, hard: 20_000), shortfall: 30_320))
    }

    @Test func aLimitAlreadyHighEnoughIsLeftAloneAndNeverLowered() {
        #expect(OpenFilesLimit(soft: 65_536, hard: 65_536).plan(needed: 50_320) == OpenFilesLimit.Plan(target: nil, shortfall: 0))
        #expect(OpenFilesLimit(soft: 50_320, hard: 50_320).plan(needed: 50_320).target == nil)
    }

    @Test func aCeilingLetsAPrivilegedProcessRaiseTheHardLimitUpToIt() {
        let limit = OpenFilesLimit(soft: 20_000, hard: 20_000)
        #expect(limit.plan(needed: 41_000, ceiling: 1_048_576)
                == OpenFilesLimit.Plan(target: OpenFilesLimit(soft: 41_000, hard: 41_000), shortfall: 0))
        #expect(limit.plan(needed: 41_000, ceiling: 30_000)
                == OpenFilesLimit.Plan(target: OpenFilesLimit(soft: 30_000, hard: 30_000), shortfall: 11_000))
    }

    @Test func raisingAppliesThePlanToThisProcess() {
        let before = OpenFilesLimit.current
        let needed = min(before.hard, before.soft + 16)
        let (after, shortfall) = OpenFilesLimit.raise(toAtLeast: needed)
        #expect(after.soft >= needed)
        #expect(shortfall == 0)
        #expect(OpenFilesLimit.current == after)
    }
}
