/// When a feed's data is stale: the one rule behind vehicles' `stale` flag, boards' stale groups,
/// `/api/feeds` and `/readyz`. A feed is stale when its latest update failed, when it has no good
/// data yet, or when its data is older than its threshold (which the server derives from what the
/// feed's source expects: `--stale-after`, or three polling intervals when longer).
public struct FeedFreshness: Hashable, Sendable {
    /// Seconds after its header time past which the feed's data is stale.
    public var staleAfter: Double
    /// Whether the feed's latest update failed (the data kept is the last good one).
    public var isFailing: Bool

    public init(staleAfter: Double = 90, isFailing: Bool = false) {
        self.staleAfter = staleAfter
        self.isFailing = isFailing
    }

    /// Whether data stamped `headerTime` (nil: none yet) is stale at `now`, both in the feed's clock.
    public func isStale(headerTime: Double?, at now: Double) -> Bool {
        guard !isFailing, let headerTime else { return true }
        return now - headerTime > staleAfter
    }
}
