import Foundation

/// What `/readyz` and `/api/feeds` say: every feed as the latest tick saw it, each by its own threshold.
extension TracksideApp {
    /// Whether the network has something to place vehicles on and every feed is fresh, as the latest
    /// tick saw them: an instance is ready once what it serves is (the outage feed only degrades it).
    func readiness() -> Readiness {
        let network = step.engine.network
        let expected = configuration.role == .edge ? []
            : source.expectedFeeds.map(\.feedID) + (elevatorFeed == nil ? [] : [ElevatorFeed.feedID])
        return Readiness(staticLoaded: !network.routes.isEmpty && !network.stops.isEmpty,
                         expected: expected + (stream == nil ? [] : [TickStream.feedID]),
                         status: withStream(latestTick.feedStatus, at: clock()),
                         tickLag: tickHealth.withLock { health in health.isLate(at: clock()) ? health.lag(at: clock()) : nil },
                         warnings: ingest.tripMatch.compactMapValues(\.warning),
                         auxiliary: elevatorFeed == nil ? [] : [ElevatorFeed.feedID])
    }

    /// Every feed's health at wall time `now` (in the source's feed time; the outage feed's on the
    /// wall clock), each by its own threshold.
    func feedStatus(atWallTime now: Double) -> [FeedStatus] {
        let own = ingest.status(feedTime: source.feedTime(atWallTime: now), staleAfter: staleAfter)
            + [elevatorFeed?.status(at: now)].compactMap { $0 }
        return withStream(own.sorted { $0.id < $1.id }, at: now)
    }

    /// An engine's feeds with the stream's health; an edge's are the stream's and the feeds the
    /// engine last reported through it (all stale while the stream is).
    func withStream(_ own: [FeedStatus], at now: Double) -> [FeedStatus] {
        guard let stream else { return own }
        let status = stream.status(at: now, inStep: push.streamPosition.inStep || configuration.role == .engine)
        guard configuration.role == .edge else { return (own + [status]).sorted { $0.id < $1.id } }
        let carried = stream.statistics.feedStatus.map { feed in
            var feed = feed
            if status.isStale { feed.isStale = true }
            return feed
        }
        return (carried + [status]).sorted { $0.id < $1.id }
    }

    /// The age in seconds past which a feed's data is stale.
    func staleAfter(_ feedID: String) -> Double {
        staleThresholds[feedID] ?? configuration.staleAfter
    }
}
