import TransitData

/// `/readyz`'s verdict: ready when the static network is loaded and every feed has a good
/// report fresher than its threshold, with the reason each feed is not. Pure, so every
/// reason is unit-tested; the route only reads the feed store and the clock.
///
/// A fresh feed whose trips mostly miss the static GTFS (`TripMatch.isPoor`: the wrong
/// timetable, or an extract of it) leaves the instance ready but *degraded*, with the reason:
/// it serves what matches, and taking every instance out of rotation for it would blank the
/// map everywhere. So does an *auxiliary* feed (the elevator and escalator outages) that is stale,
/// failing or not yet fetched: the map and the boards do not depend on it, and one slow outage host
/// must not take every instance out of rotation. `strict` readiness (`/readyz?strict=1`, for a
/// rollout gate after a GTFS change) fails on both.
public struct Readiness: Equatable, Sendable {
    /// One feed's verdict.
    public struct Feed: Equatable, Sendable {
        public var id: String
        /// Age of its data in seconds; nil before the first good report.
        public var age: Double?
        /// Why the feed holds the instance back (`never fetched`, `stale 95 s`,
        /// `failing: HTTP 503`); nil when it is fresh.
        public var reason: String?
        /// Why its data is poor although fresh (`TripMatch.warning`); nil when it matches.
        public var warning: String?
        /// Whether what the instance serves does not depend on it (its `reason` degrades, not unreadies).
        public var auxiliary = false

        /// Whether it holds the instance back (a reason, and not auxiliary).
        var holdsBack: Bool { reason != nil && !auxiliary }
        /// Whether it leaves the instance degraded (a poor match, or an auxiliary feed with a reason).
        var degrades: Bool { warning != nil || (auxiliary && reason != nil) }
    }

    public var staticLoaded: Bool
    /// Expected feeds first, in the source's order, then any other feed that has reported.
    public var feeds: [Feed]
    /// Seconds the tick is behind its cadence when it is late (`TickHealth.isLate`), else nil:
    /// subscribers are not being served, whatever the feeds.
    public var tickLag: Double?

    /// Judges `expected` feeds (those the source is set up to deliver) and every feed in `status`,
    /// and the ticks (`tickLag` when they are late); `warnings` are the feeds' poor matches by id;
    /// `auxiliary` the feeds whose reasons degrade the instance instead of holding it back.
    public init(staticLoaded: Bool, expected: [String], status: [FeedStatus], tickLag: Double? = nil,
                warnings: [String: String] = [:], auxiliary: Set<String> = []) {
        self.staticLoaded = staticLoaded
        self.tickLag = tickLag
        let byID = Dictionary(status.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = expected + status.map(\.id).filter { !expected.contains($0) }
        feeds = ids.map { id in
            guard let feed = byID[id] else {
                return Feed(id: id, age: nil, reason: "never fetched", warning: warnings[id], auxiliary: auxiliary.contains(id))
            }
            return Feed(id: id, age: feed.age, reason: Self.reason(feed), warning: warnings[id], auxiliary: auxiliary.contains(id))
        }
    }

    public var isReady: Bool { staticLoaded && tickLag == nil && !feeds.contains(where: \.holdsBack) }

    /// Whether a feed's data is poor although fresh, or an auxiliary feed is not (the instance is still ready).
    public var isDegraded: Bool { feeds.contains(where: \.degrades) }

    /// Ready, and (when `strict`) not degraded either.
    public func isReady(strict: Bool) -> Bool { isReady && !(strict && isDegraded) }

    /// `{"ready":…,"static":…,"ticks_late":null|seconds,"stale":[ids not ready],"degraded":[ids poor or auxiliary and not ready],
    /// "feeds":[{"id","ready","age","reason","warning"}]}`; `ready` is `isReady(strict:)`.
    public func json(strict: Bool = false) -> [UInt8] {
        var json = JSONWriter()
        json.object { o in
            o.key("ready"); o.value(isReady(strict: strict))
            o.key("static"); o.value(staticLoaded)
            o.key("ticks_late"); if let tickLag { o.value(tickLag, decimals: 1) } else { o.null() }
            o.key("stale")
            o.array { a in
                for feed in feeds where feed.reason != nil { a.value(feed.id) }
            }
            o.key("degraded")
            o.array { a in
                for feed in feeds where feed.degrades { a.value(feed.id) }
            }
            o.key("feeds")
            o.array { a in
                for feed in feeds {
                    a.object { f in
                        f.key("id"); f.value(feed.id)
                        f.key("ready"); f.value(feed.reason == nil)
                        f.key("age"); if let age = feed.age { f.value(age, decimals: 0) } else { f.null() }
                        f.key("reason"); if let reason = feed.reason { f.value(reason) } else { f.null() }
                        f.key("warning"); if let warning = feed.warning { f.value(warning) } else { f.null() }
                    }
                }
            }
        }
        return json.bytes
    }

    /// The same rule as `FeedStatus.isStale`, said in words.
    private static func reason(_ feed: FeedStatus) -> String? {
        if let failure = feed.failure { return "failing: \(failure)" }
        guard let age = feed.age else { return "never fetched" }
        guard age > feed.staleAfter else { return nil }
        return "stale \(Int(age.rounded())) s (threshold \(Int(feed.staleAfter)) s)"
    }
}
