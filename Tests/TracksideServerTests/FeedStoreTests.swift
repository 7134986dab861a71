import Testing
@testable import TracksideServer

@Suite struct FeedStoreTests {
    @Test func keepsTheLastGoodFeedThroughFailuresAndEmptyUpdates() {
        var store = FeedStore<String>()
        #expect(store.offer("v1", id: "ace", headerTimestamp: 100, isEmpty: false, receivedAt: 1) == .accepted)
        #expect(store.reject(id: "ace", reason: "truncated varint at byte 12") == .failed("truncated varint at byte 12"))
        #expect(store.feeds == ["v1"])
        #expect(store.offer("blank", id: "ace", headerTimestamp: 130, isEmpty: true, receivedAt: 2)
                == .failed("empty update (no vehicles)"))
        #expect(store.feeds == ["v1"])
        let status = store.status(now: 140, staleAfter: 90)
        #expect(status == [FeedStatus(id: "ace", age: 40, isStale: true, failure: "empty update (no vehicles)",
                                      accepted: 1, duplicates: 0, failures: 2)])
        #expect(store.offer("v2", id: "ace", headerTimestamp: 160, isEmpty: false, receivedAt: 3) == .accepted)
        #expect(store.feeds == ["v2"])
        #expect(store.status(now: 170, staleAfter: 90).first?.isStale == false)
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
        store.reject(id: "si", reason: "HTTP 503")
        #expect(store.feeds == ["a", "g"])
        let status = store.status(now: 250, staleAfter: 90)
        #expect(status.map(\.id) == ["ace", "g", "si"])
        #expect(status.map(\.isStale) == [true, true, true])
        #expect(status[2].age == nil && status[0].age == 150)
        #expect(store.status(now: 150, staleAfter: 90).map(\.isStale) == [false, false, true])
    }
}
