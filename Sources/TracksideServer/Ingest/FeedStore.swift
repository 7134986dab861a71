import TransitEngine

/// The latest good decoded feed per feed id, with what happened to the updates since.
///
/// Last known good: a failed, garbage or empty update never replaces the feed the tick
/// places vehicles from; it marks the feed stale until a good update arrives. An update
/// whose header timestamp is not newer than the kept one (the server has not published
/// since, or files arrive out of order) is ignored.
public struct FeedStore<Feed: Sendable>: Sendable {
    /// One feed id's state.
    public struct Entry: Sendable {
        /// The last good feed; nil until one arrives.
        public fileprivate(set) var feed: Feed?
        /// Its header timestamp, in the feed's clock (seconds since the Unix epoch).
        public fileprivate(set) var headerTimestamp: Double?
        /// Wall time it was received.
        public fileprivate(set) var receivedAt: Double?
        /// Why the latest update was not used; nil when it was.
        public fileprivate(set) var failure: String?
        /// The most recent failure, kept after good updates follow, and its wall time.
        public fileprivate(set) var lastFailure: String?
        public fileprivate(set) var lastFailureAt: Double?
        /// Good, duplicate and failed updates seen so far.
        public fileprivate(set) var accepted = 0
        public fileprivate(set) var duplicates = 0
        public fileprivate(set) var failures = 0
    }

    /// What the store did with an update (the same for every kind of feed).
    public typealias Outcome = FeedUpdateOutcome

    public private(set) var entries: [String: Entry] = [:]

    public init() {}

    /// Offers a decoded feed. `isEmpty` feeds (no vehicles, when there should be some) count as
    /// failures: a feed that suddenly lists nothing is far likelier broken than a city without
    /// service (`FeedIngest` says when an empty feed can be true).
    @discardableResult
    public mutating func offer(_ feed: Feed, id: String, headerTimestamp: Double, isEmpty: Bool,
                               receivedAt: Double) -> Outcome {
        if isEmpty { return reject(id: id, reason: "empty update (no vehicles)", at: receivedAt) }
        var entry = entries[id] ?? Entry()
        if let kept = entry.headerTimestamp, headerTimestamp <= kept {
            entry.duplicates += 1
            entries[id] = entry
            return .duplicate
        }
        entry.feed = feed
        entry.headerTimestamp = headerTimestamp
        entry.receivedAt = receivedAt
        entry.failure = nil
        entry.accepted += 1
        entries[id] = entry
        return .accepted
    }

    /// The publisher confirmed the kept feed is still current (HTTP 304): an earlier failure
    /// no longer applies. Without a kept feed there is nothing to confirm.
    public mutating func confirm(id: String) {
        guard entries[id]?.feed != nil else { return }
        entries[id]?.failure = nil
    }

    /// Records an update that could not be fetched or decoded, at wall time `at`.
    @discardableResult
    public mutating func reject(id: String, reason: String, at: Double) -> Outcome {
        var entry = entries[id] ?? Entry()
        entry.failure = reason
        entry.lastFailure = reason
        entry.lastFailureAt = at
        entry.failures += 1
        entries[id] = entry
        return .failed(reason)
    }

    /// Every last good feed, ordered by feed id so ticks are deterministic.
    public var feeds: [Feed] {
        entries.keys.sorted().compactMap { entries[$0]?.feed }
    }

    /// How `id`'s data is judged stale with the threshold `staleAfter`: its latest update's outcome.
    public func freshness(of id: String, staleAfter: Double) -> FeedFreshness {
        FeedFreshness(staleAfter: staleAfter, isFailing: entries[id]?.failure != nil)
    }

    /// Each feed's health at `now` in the feed clock, by `FeedFreshness`: stale when its latest
    /// update failed or its data is older than its `staleAfter` seconds.
    public func status(now: Double, staleAfter: (String) -> Double) -> [FeedStatus] {
        entries.keys.sorted().map { id in
            let entry = entries[id]!
            let age = entry.headerTimestamp.map { max(0, now - $0) }
            let threshold = staleAfter(id)
            let stale = freshness(of: id, staleAfter: threshold).isStale(headerTime: entry.headerTimestamp, at: now)
            return FeedStatus(id: id, age: age, isStale: stale, failure: entry.failure,
                              accepted: entry.accepted, duplicates: entry.duplicates, failures: entry.failures,
                              staleAfter: threshold, lastFailure: entry.lastFailure, lastFailureAt: entry.lastFailureAt)
        }
    }
}

/// What a feed store did with an update.
public enum FeedUpdateOutcome: Equatable, Sendable {
    /// Replaced the kept feed: the next tick should run.
    case accepted
    /// Not newer than the kept feed; nothing changed.
    case duplicate
    /// Kept the previous feed; the feed is now stale.
    case failed(String)
}

/// One feed's health, as `/api/feeds` reports it.
public struct FeedStatus: Equatable, Sendable {
    public var id: String
    /// Seconds since the kept feed's header time; nil when no good feed has arrived.
    public var age: Double?
    public var isStale: Bool
    public var failure: String?
    public var accepted: Int
    public var duplicates: Int
    public var failures: Int
    /// The age in seconds past which this feed counts as stale.
    public var staleAfter = 90.0
    /// The most recent failure (kept after the feed recovers) and its wall time, seconds since the Unix epoch.
    public var lastFailure: String? = nil
    public var lastFailureAt: Double? = nil
}
