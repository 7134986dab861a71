import TransitData
import TransitEngine

/// Everything ingesting feeds remembers, as one value: the two stores (vehicles and alerts, kept
/// apart because they decode differently), the replay round they belong to, each feed's fetch
/// figures and trip match, the stand-ins for headers stamped from the future, and the routes
/// seen calling at stops. `FeedIngest` decodes outside its lock and applies the result here under
/// one; every rule about what a delivery changes is a mutating method of this value.
struct FeedIntake: Sendable {
    /// A delivery after decoding: what a fetch brought, or why it brought nothing usable.
    enum Delivery: Sendable {
        case notModified
        case failed(reason: String)
        case vehicles(FeedReport, match: TripMatch)
        case alerts(GTFSRealtime.FeedMessage)
    }

    /// What taking a delivery changed, and what is worth a log line.
    struct Taken: Sendable {
        var outcome: FeedUpdateOutcome
        /// The round this delivery started (its feeds of the previous round forgotten).
        var startedRound: Int?
        /// A trip match that just turned poor.
        var matchWarning: String?
    }

    private(set) var vehicles = FeedStore<FeedReport>()
    private(set) var alerts = FeedStore<GTFSRealtime.FeedMessage>()
    /// The replay round the stores hold (see `FeedPayload.round`).
    private(set) var round = 0
    /// Per feed, what its fetches came to (`/metrics`).
    private(set) var statistics: [String: FeedStatistics] = [:]
    /// Per vehicle feed, how many trips of its latest accepted report the network knows.
    private(set) var tripMatches: [String: TripMatch] = [:]
    /// Routes seen calling at stops in every accepted report, kept across replay rounds: they
    /// describe the network, not the moment.
    private(set) var service = BusStopService()
    /// Per feed, the last header stamped from the future and the fetch time standing in for it.
    private var futureHeaders: [String: (stamped: Double, standIn: Double)] = [:]

    /// How far past the fetch a feed may stamp its header (clocks disagree) before the stamp is
    /// taken for garbage.
    static let maximumHeaderLead: Double = 300

    /// Takes one delivery of `payload` fetched at `feedTime` (the feeds' clock) and `wallTime`,
    /// with the figures of its fetch so far. `believesEmpty` says whether a vehicle report listing
    /// nothing at its header time is the truth. A good feed already older than `staleAfter`
    /// seconds is counted as a `stale` error (the publisher is stuck); an alerts feed without
    /// entities is kept: it says nothing is in force, which is news.
    mutating func take(_ delivery: Delivery, of payload: FeedPayload, feedTime: Double, wallTime: Double,
                       staleAfter: Double, figures: FeedStatistics, believesEmpty: (Double) -> Bool) -> Taken {
        var figures = figures
        defer { record(figures, of: payload.feedID) }
        // The first payload of a new replay round empties the stores first, so no reader sees them between two rounds.
        var taken = Taken(outcome: .duplicate)
        if payload.round > round {
            vehicles = FeedStore()
            alerts = FeedStore()
            round = payload.round
            taken.startedRound = payload.round
        }
        let timestamp: Double
        switch delivery {
        case .notModified:
            figures.succeeded(at: wallTime)
            switch payload.kind {
            case .vehicles: vehicles.confirm(id: payload.feedID)
            case .alerts: alerts.confirm(id: payload.feedID)
            }
            return taken
        case .failed(let reason):
            taken.outcome = reject(payload, reason: reason, at: wallTime)
            return taken
        case .vehicles(var report, let match):
            report.timestamp = headerTime(report.timestamp, of: payload.feedID, feedTime: feedTime)
            timestamp = report.timestamp
            let isEmpty = report.trains.isEmpty && report.buses.isEmpty && report.busCalls.isEmpty
            taken.outcome = vehicles.offer(report, id: payload.feedID, headerTimestamp: report.timestamp,
                                           isEmpty: isEmpty && !believesEmpty(report.timestamp), receivedAt: wallTime)
            if taken.outcome == .accepted {
                service.record(report)
                if let warning = match.warning, tripMatches[payload.feedID]?.isPoor != true { taken.matchWarning = warning }
                tripMatches[payload.feedID] = match
            }
        case .alerts(let feed):
            timestamp = headerTime(FeedTime.seconds(feed.header.timestamp) ?? feedTime, of: payload.feedID, feedTime: feedTime)
            taken.outcome = alerts.offer(feed, id: payload.feedID, headerTimestamp: timestamp, isEmpty: false, receivedAt: wallTime)
        }
        if case .failed = taken.outcome {
            figures.failed(.empty)
        } else if feedTime - timestamp > staleAfter {
            figures.failed(.stale)
        } else {
            figures.succeeded(at: wallTime)
        }
        return taken
    }

    /// Records a failed update in the store of the payload's kind.
    private mutating func reject(_ payload: FeedPayload, reason: String, at wallTime: Double) -> FeedUpdateOutcome {
        switch payload.kind {
        case .vehicles: vehicles.reject(id: payload.feedID, reason: reason, at: wallTime)
        case .alerts: alerts.reject(id: payload.feedID, reason: reason, at: wallTime)
        }
    }

    private mutating func record(_ figures: FeedStatistics, of feedID: String) {
        statistics[feedID, default: FeedStatistics()].merge(figures)
    }

    /// The header time to keep for a feed fetched at `feedTime`: its own, unless it lies more than
    /// `maximumHeaderLead` ahead, when the fetch time stands in. A header from the future would
    /// make the feed look fresh until then, even after its fetches fail, and every honest update
    /// after it would be refused as older than the one kept. The same future header again gets
    /// the same stand-in, so a publisher stuck on one file is a duplicate and goes stale.
    mutating func headerTime(_ stamped: Double, of feedID: String, feedTime: Double) -> Double {
        guard stamped > feedTime + Self.maximumHeaderLead else { return stamped }
        if let kept = futureHeaders[feedID], kept.stamped == stamped { return kept.standIn }
        futureHeaders[feedID] = (stamped, feedTime)
        return feedTime
    }
}

extension FeedIntake {
    /// What a tick reads: every vehicle feed's latest good report with its `FeedFreshness` (its
    /// threshold from `staleAfter`), the alerts feeds, every feed's health at `feedTime`, and the
    /// replay round they belong to.
    func tickFeeds(feedTime: Double, staleAfter: (String) -> Double) -> TickFeeds {
        let reports = vehicles.entries.keys.sorted().compactMap { id -> FeedReport? in
            guard var report = vehicles.entries[id]?.feed else { return nil }
            report.freshness = vehicles.freshness(of: id, staleAfter: staleAfter(id))
            return report
        }
        let alerts = alertSnapshot(feedTime: feedTime, staleAfter: staleAfter)
        let status = (vehicles.status(now: feedTime, staleAfter: staleAfter) + alerts.status).sorted { $0.id < $1.id }
        return TickFeeds(vehicles: FeedSnapshot(reports), alerts: alerts, status: status, round: round)
    }

    /// The latest good alerts feeds and their health at `feedTime`.
    func alertSnapshot(feedTime: Double, staleAfter: (String) -> Double) -> AlertFeedSnapshot {
        AlertFeedSnapshot(feeds: alerts.feeds, timestamp: alerts.entries.values.compactMap { $0.headerTimestamp }.min(),
                          status: alerts.status(now: feedTime, staleAfter: staleAfter))
    }

    /// Every feed's health at `feedTime`, vehicles and alerts by feed id, each judged by its
    /// own stale threshold.
    func status(feedTime: Double, staleAfter: (String) -> Double) -> [FeedStatus] {
        (vehicles.status(now: feedTime, staleAfter: staleAfter) + alerts.status(now: feedTime, staleAfter: staleAfter))
            .sorted { $0.id < $1.id }
    }
}
