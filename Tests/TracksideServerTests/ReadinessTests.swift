import Testing
@testable import TracksideServer

/// `/readyz`'s rule: the static network and a fresh good report of every feed, with the reason
/// each feed holds the instance back.
@Suite struct ReadinessTests {
    func status(_ id: String, age: Double?, failure: String? = nil, staleAfter: Double = 90) -> FeedStatus {
        FeedStatus(id: id, age: age, isStale: failure != nil || (age ?? .infinity) > staleAfter, failure: failure,
                   accepted: age == nil ? 0 : 1, duplicates: 0, failures: failure == nil ? 0 : 1, staleAfter: staleAfter)
    }

    @Test func notReadyBeforeAnyFeedHasReported() {
        let readiness = Readiness(staticLoaded: true, expected: ["ace", "l"], status: [])
        #expect(!readiness.isReady)
        #expect(readiness.feeds.map { $0.reason } == ["never fetched", "never fetched"])
        #expect(readiness.json() == Array(#"{"ready":false,"static":true,"ticks_late":null,"stale":["ace","l"],"degraded":[],"feeds":[{"id":"ace","ready":false,"age":null,"reason":"never fetched","warning":null},{"id":"l","ready":false,"age":null,"reason":"never fetched","warning":null}]}"#.utf8))
    }

    @Test func eachFeedSaysWhyItIsNotReady() {
        let readiness = Readiness(staticLoaded: true, expected: ["ace", "bdfm", "g", "l"], status: [
            status("ace", age: 12), status("bdfm", age: 95.4), status("g", age: 20, failure: "HTTP 503"),
            status("l", age: nil, failure: "timed out after 10 s"),
        ])
        #expect(readiness.feeds.map { $0.reason } == [
            nil, "stale 95 s (threshold 90 s)", "failing: HTTP 503", "failing: timed out after 10 s",
        ])
        #expect(!readiness.isReady)
    }

    @Test func readyWhenEveryExpectedFeedIsFreshByItsOwnThreshold() {
        let readiness = Readiness(staticLoaded: true, expected: ["ace", "subway-alerts"], status: [
            status("ace", age: 30), status("subway-alerts", age: 150, staleAfter: 180),
        ])
        #expect(readiness.isReady)
        #expect(readiness.feeds.allSatisfy { $0.reason == nil })
        #expect(readiness.json().starts(with: Array(#"{"ready":true,"static":true,"ticks_late":null,"stale":[],"degraded":[],"feeds":["#.utf8)))
    }

    /// The elevator outage feed is auxiliary: not fetched yet, stale or failing, it leaves the instance ready but
    /// degraded (a slow outage host must not take every instance out of rotation); strict readiness fails on it.
    @Test func anAuxiliaryFeedDegradesTheInstanceInsteadOfHoldingItBack() {
        let waiting = Readiness(staticLoaded: true, expected: ["ace", "elevators"], status: [status("ace", age: 10)],
                                auxiliary: ["elevators"])
        #expect(waiting.isReady && waiting.isDegraded && !waiting.isReady(strict: true))
        #expect(waiting.json() == Array(#"{"ready":true,"static":true,"ticks_late":null,"stale":["elevators"],"degraded":["elevators"],"feeds":[{"id":"ace","ready":true,"age":10,"reason":null,"warning":null},{"id":"elevators","ready":false,"age":null,"reason":"never fetched","warning":null}]}"#.utf8))
        let failing = Readiness(staticLoaded: true, expected: ["ace", "elevators"],
                                status: [status("ace", age: 10), status("elevators", age: 400, failure: "HTTP 503", staleAfter: 180)],
                                auxiliary: ["elevators"])
        #expect(failing.isReady && failing.feeds.map(\.reason) == [nil, "failing: HTTP 503"])
        let fresh = Readiness(staticLoaded: true, expected: ["ace", "elevators"],
                              status: [status("ace", age: 10), status("elevators", age: 30, staleAfter: 180)], auxiliary: ["elevators"])
        #expect(fresh.isReady(strict: true) && !fresh.isDegraded)
        // A feed the map depends on still holds the instance back, whatever is auxiliary.
        let stale = Readiness(staticLoaded: true, expected: ["ace", "elevators"],
                              status: [status("ace", age: 95), status("elevators", age: 30, staleAfter: 180)], auxiliary: ["elevators"])
        #expect(!stale.isReady)
    }

    @Test func feedsTheSourceDidNotAnnounceAreJudgedToo() {
        let readiness = Readiness(staticLoaded: true, expected: ["ace"], status: [
            status("ace", age: 5), status("extra", age: 500),
        ])
        #expect(readiness.feeds.map { $0.id } == ["ace", "extra"])
        #expect(!readiness.isReady)
    }

    @Test func anEmptyNetworkIsNeverReady() {
        let readiness = Readiness(staticLoaded: false, expected: ["ace"], status: [status("ace", age: 1)])
        #expect(!readiness.isReady)
        #expect(String(decoding: readiness.json(), as: UTF8.self).hasPrefix(#"{"ready":false,"static":false,"ticks_late":null,"stale":[],"#))
    }

    @Test func aFeedMissingTheStaticGTFSDegradesButOnlyStrictReadinessFails() {
        let warning = "only 16 of 650 trips match the static GTFS (by trip or route): is --gtfs this feed's timetable?"
        let readiness = Readiness(staticLoaded: true, expected: ["auckland-rt"], status: [status("auckland-rt", age: 10)],
                                  warnings: ["auckland-rt": warning])
        #expect(readiness.isReady && readiness.isDegraded)
        #expect(readiness.isReady(strict: false) && !readiness.isReady(strict: true))
        #expect(readiness.feeds.map(\.warning) == [warning])
        let strict = String(decoding: readiness.json(strict: true), as: UTF8.self)
        #expect(strict.hasPrefix(#"{"ready":false,"static":true,"ticks_late":null,"stale":[],"degraded":["auckland-rt"],"#))
        #expect(strict.contains(#""reason":null,"warning":"only 16 of 650 trips"#))
        #expect(String(decoding: readiness.json(), as: UTF8.self).hasPrefix(#"{"ready":true,"#))
    }

    @Test func aStaleFeedIsNotReadyEvenWhenNotStrict() {
        let readiness = Readiness(staticLoaded: true, expected: ["a"], status: [status("a", age: 500)], warnings: ["a": "poor"])
        #expect(!readiness.isReady(strict: false) && !readiness.isReady(strict: true) && readiness.isDegraded)
    }
}
