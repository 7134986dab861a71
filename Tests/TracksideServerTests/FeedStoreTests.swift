import Testing
@testable import TracksideServer

@Suite struct FeedStoreTests {
    @Test func keepsTheLastGoodFeedThroughFailuresAndEmptyUpdates() {
        var store = FeedStore<String>()
        #expect(store.offer("v1", id: "ace", headerTimestamp: 100, isEmpty: false, receivedAt: 1) == .accepted)
        #expect(store.reject(id: "ace", reason: "truncated varint at byte 12", at: 1.5) == .failed("truncated varint at byte 12"))
        #expect(store.feeds == ["v1"])
        #expect(store.offer("blank", id: "ace", headerTimestamp: 130, isEmpty: true, receivedAt: 2)
                == .failed("empty update (no vehicles)"))
        #expect(store.feeds == ["v1"])
        let status = store.status(now: 140) { _ in 90 }
        #expect(status == [FeedStatus(id: "ace", age: 40, isStale: true, failure: "empty update (no vehicles)",
                                      accepted: 1, duplicates: 0, failures: 2, staleAfter: 90,
                                      lastFailure: "empty update (no vehicles)", lastFailureAt: 2)])
        #expect(store.offer("v2", id: "ace", headerTimestamp: 160, isEmpty: false, receivedAt: 3) == .accepted)
        #expect(store.feeds == ["v2"])
        let recovered = store.status(now: 170) { _ in 90 }.first
        #expect(recovered?.isStale == false && recovered?.failure == nil)
        // The last failure stays on record after the feed recovers.
        #expect(recovered?.lastFailure == "empty update (no vehicles)" && recovered?.lastFailureAt == 2)
    }

    @Test func ignoresRepeatedAndOlderHeaderTimestamps() {
        var store = FeedStore<String>()
        store.offer("v1", id: "l", headerTimestamp: 100, isEmpty: false, receivedAt: 1)
        #expect(store.offer("v1 again", id: "l", headerTimestamp: 100, isEmpty: false, receivedAt: 2) == .duplicate)
        #expect(store.offer("older", id: "l", headerTimestamp: 70, isEmpty: false, receivedAt: 3) == .duplicate)
        #expect(store.feeds == ["v1"])
        #expect(store.entries["l"]?.duplicates == 2 && store.entries["l"]?.receivedAt == 1)
    }

    @Test func agesOutAndOrdersFeedsById() {
        var store = FeedStore<String>()
        store.offer("g", id: "g", headerTimestamp: 100, isEmpty: false, receivedAt: 1)
        store.offer("a", id: "ace", headerTimestamp: 100, isEmpty: false, receivedAt: 1)
        store.reject(id: "si", reason: "HTTP 503", at: 1)
        #expect(store.feeds == ["a", "g"])
        let status = store.status(now: 250) { _ in 90 }
        #expect(status.map { $0.id } == ["ace", "g", "si"])
        #expect(status.map { $0.isStale } == [true, true, true])
        #expect(status[2].age == nil && status[0].age == 150)
        #expect(store.status(now: 150) { _ in 90 }.map { $0.isStale } == [false, false, true])
        // Each feed has its own threshold: a slowly polled feed is fresh for longer.
        let perFeed = store.status(now: 250) { $0 == "g" ? 180 : 90 }
        #expect(perFeed.map { $0.isStale } == [true, false, true])
        #expect(perFeed.map { $0.staleAfter } == [90, 180, 90])
    }
}
