import Foundation
import Synchronization
import TransitData
import TransitEngine
import WebSocketServer

/// Turns delivered payloads into the feed stores' contents: decodes vehicle feeds into reports
/// with the engine's profile and alerts feeds into messages with the Mercury extensions, and
/// offers each to its store, so a bad fetch only marks its feed stale. Thread-safe: sources
/// deliver from their own threads, ticks read from theirs.
public final class FeedIngest: Sendable {
    /// The two stores, kept apart because vehicles and alerts are decoded differently, and
    /// under one lock so that a new replay round empties both at once.
    private struct Stores {
        var vehicles = FeedStore<FeedReport>()
        var alerts = FeedStore<GTFSRealtime.FeedMessage>()

        /// `FeedStore.confirm` on the store of `kind`'s feeds.
        mutating func confirm(_ kind: RealtimeFeedKind, id: String) {
            switch kind {
            case .vehicles: vehicles.confirm(id: id)
            case .alerts: alerts.confirm(id: id)
            }
        }

        /// `FeedStore.reject` on the store of `kind`'s feeds.
        mutating func reject(_ kind: RealtimeFeedKind, id: String, reason: String, at wallTime: Double) -> FeedUpdateOutcome {
            switch kind {
            case .vehicles: vehicles.reject(id: id, reason: reason, at: wallTime)
            case .alerts: alerts.reject(id: id, reason: reason, at: wallTime)
            }
        }
    }

    private let stores = Mutex(Stores())
    /// Per feed, what its fetches came to (`/metrics`).
    private let fetchStatistics = Mutex<[String: FeedStatistics]>([:])
    /// Routes seen calling at stops in every accepted report, kept across replay rounds: they
    /// describe the network, not the moment.
    private let service = Mutex(BusStopService())
    /// The replay round the store holds (see `FeedPayload.round`).
    private let currentRound = Atomic<Int>(0)
    /// Per feed, the last header stamped from the future and the fetch time standing in for it.
    private let futureHeaders = Mutex<[String: (stamped: Double, standIn: Double)]>([:])
    /// What vehicle feeds are read against: the profile, the static trips' routes, the timetable.
    private let network: Network
    /// Per vehicle feed, how many trips of its latest accepted report the network knows.
    private let tripMatches = Mutex<[String: TripMatch]>([:])
    private let logger: Logger
    /// The loaded timetables (the ones the boards' night state reads): a publisher's empty vehicle
    /// feed is believed only while every one of them is between trips.
    private let timetables: [ScheduledService]

    public init(network: Network, timetables: [ScheduledService] = [], logger: Logger) {
        self.network = network
        self.timetables = timetables
        self.logger = logger
    }

    /// Feeds read with `profile` alone, against no static network.
    public convenience init(profile: any AgencyProfile, logger: Logger) {
        self.init(network: Network(routes: [], stops: [], trips: [], shapePoints: [:], profile: profile), logger: logger)
    }

    /// Decodes and stores one payload; true when it replaced its feed (a tick should run).
    /// `feedTime` stands in for a header without a timestamp; a good feed already older than
    /// `staleAfter` seconds then is counted as a `stale` error (the publisher is stuck).
    @discardableResult
    public func ingest(_ payload: FeedPayload, feedTime: Double, wallTime: Double,
                       staleAfter: Double = .infinity) -> Bool {
        var statistics = FeedStatistics()
        statistics.fetched(bytes: payload.bytes.count)
        let outcome: FeedUpdateOutcome
        switch payload.content {
        case .notModified:
            statistics.succeeded(at: wallTime)
            updateStore(for: payload) { $0.confirm(payload.kind, id: payload.feedID) }
            outcome = .duplicate
        case .failed(let failure):
            statistics.failed(failure)
            outcome = reject(payload, reason: failure.description, at: wallTime)
        case .document where payload.bytes.isEmpty:
            // A replayed recording's failed fetch.
            statistics.failed(.empty)
            outcome = reject(payload, reason: "empty document", at: wallTime)
        case .document:
            outcome = decode(payload, feedTime: feedTime, wallTime: wallTime, staleAfter: staleAfter,
                             statistics: &statistics)
        }
        fetchStatistics.withLock { $0[payload.feedID, default: FeedStatistics()].merge(statistics) }
        switch outcome {
        case .failed(let reason):
            logger.warning("feed \(payload.feedID): kept the last good data (\(payload.origin): \(reason))", [("feed", payload.feedID)])
        case .accepted:
            // Once per feed update (seconds apart), never per vehicle or client.
            logger.debug("feed \(payload.feedID): accepted \(payload.bytes.count) bytes", [("feed", payload.feedID)])
        case .duplicate:
            break
        }
        return outcome == .accepted
    }

    /// Records a failed update in the store of the payload's kind.
    private func reject(_ payload: FeedPayload, reason: String, at wallTime: Double) -> FeedUpdateOutcome {
        updateStore(for: payload) { $0.reject(payload.kind, id: payload.feedID, reason: reason, at: wallTime) }
    }

    /// Decodes a document and offers it to its store, counting its decode time and any error.
    /// An alerts feed without entities is kept: it says nothing is in force, which is news.
    private func decode(_ payload: FeedPayload, feedTime: Double, wallTime: Double, staleAfter: Double,
                        statistics: inout FeedStatistics) -> FeedUpdateOutcome {
        let started = ContinuousClock.now
        let timestamp: Double
        let outcome: FeedUpdateOutcome
        do {
            switch payload.kind {
            case .vehicles:
                var report = try FeedReport(decoding: payload.bytes, name: payload.feedID, network: network,
                                            fetchedAt: feedTime)
                statistics.decoded(in: ContinuousClock.now - started)
                report.timestamp = headerTime(report.timestamp, of: payload.feedID, feedTime: feedTime)
                timestamp = report.timestamp
                outcome = updateStore(for: payload) {
                    $0.vehicles.offer(report, id: payload.feedID, headerTimestamp: report.timestamp,
                                      isEmpty: report.trains.isEmpty && report.buses.isEmpty && report.busCalls.isEmpty
                                          && !emptyIsBelieved(payload, at: report.timestamp),
                                      receivedAt: wallTime)
                }
                if outcome == .accepted {
                    service.withLock { $0.record(report) }
                    noteTripMatch(TripMatch(report: report, network: network), of: payload.feedID)
                }
            case .alerts:
                let feed = try ServiceAlerts.decodeFeed(payload.bytes)
                statistics.decoded(in: ContinuousClock.now - started)
                timestamp = headerTime(FeedTime.seconds(feed.header.timestamp) ?? feedTime, of: payload.feedID, feedTime: feedTime)
                outcome = updateStore(for: payload) {
                    $0.alerts.offer(feed, id: payload.feedID, headerTimestamp: timestamp, isEmpty: false, receivedAt: wallTime)
                }
            }
        } catch {
            statistics.decoded(in: ContinuousClock.now - started)
            statistics.failed(.decode)
            return reject(payload, reason: "\(error)", at: wallTime)
        }
        if case .failed = outcome {
            statistics.failed(.empty)
        } else if feedTime - timestamp > staleAfter {
            statistics.failed(.stale)
        } else {
            statistics.succeeded(at: wallTime)
        }
        return outcome
    }

    /// How far past the fetch a feed may stamp its header (clocks disagree) before the stamp is
    /// taken for garbage.
    static let maximumHeaderLead: Double = 300

    /// Whether a vehicle feed listing nothing at `instant` is the truth: the simulator's (it runs the
    /// timetable), or any feed while every loaded timetable is between trips (no night service).
    private func emptyIsBelieved(_ payload: FeedPayload, at instant: Double) -> Bool {
        payload.emptyIsTruthful || (!timetables.isEmpty && timetables.allSatisfy { $0.isBetweenTrips(at: instant) })
    }

    /// The header time to keep for a feed fetched at `feedTime`: its own, unless it lies more than
    /// `maximumHeaderLead` ahead, when the fetch time stands in. A header from the future would
    /// make the feed look fresh until then, even after its fetches fail, and every honest update
    /// after it would be refused as older than the one kept. The same future header again gets
    /// the same stand-in, so a publisher stuck on one file is a duplicate and goes stale.
    func headerTime(_ stamped: Double, of feedID: String, feedTime: Double) -> Double {
        guard stamped > feedTime + Self.maximumHeaderLead else { return stamped }
        return futureHeaders.withLock { known in
            if let kept = known[feedID], kept.stamped == stamped { return kept.standIn }
            known[feedID] = (stamped, feedTime)
            return feedTime
        }
    }

    /// Per feed, what its fetches came to, ordered by feed id.
    public var statistics: [(feedID: String, statistics: FeedStatistics)] {
        fetchStatistics.withLock { $0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Applies `body` to the stores. The first payload of a new replay round empties them first,
    /// in the same critical section, so no reader sees the stores between two rounds empty.
    @discardableResult
    private func updateStore<Result: Sendable>(for payload: FeedPayload, _ body: (inout Stores) -> Result) -> Result {
        stores.withLock { store in
            if payload.round > currentRound.load(ordering: .acquiring) {
                store = Stores()
                currentRound.store(payload.round, ordering: .releasing)
                logger.info("replay: round \(payload.round + 1) starts; feeds of the previous round forgotten")
            }
            return body(&store)
        }
    }

    /// The replay round the feeds belong to (0 for live sources).
    public var round: Int { currentRound.load(ordering: .acquiring) }

    /// The latest good report of every feed, for a tick.
    public var snapshot: FeedSnapshot {
        FeedSnapshot(stores.withLock { $0.vehicles.feeds })
    }

    /// What a tick reads, in one critical section so that no update lands between its parts: every
    /// vehicle feed's latest good report with its `FeedFreshness` (its threshold from `staleAfter`),
    /// the alerts feeds, every feed's health at `feedTime`, and the replay round they belong to.
    public func tickFeeds(feedTime: Double, staleAfter: (String) -> Double) -> TickFeeds {
        stores.withLock { stores in
            let vehicles = stores.vehicles
            let reports = vehicles.entries.keys.sorted().compactMap { id -> FeedReport? in
                guard var report = vehicles.entries[id]?.feed else { return nil }
                report.freshness = vehicles.freshness(of: id, staleAfter: staleAfter(id))
                return report
            }
            let alerts = alertSnapshot(stores.alerts, feedTime: feedTime, staleAfter: staleAfter)
            let status = (vehicles.status(now: feedTime, staleAfter: staleAfter) + alerts.status).sorted { $0.id < $1.id }
            return TickFeeds(vehicles: FeedSnapshot(reports), alerts: alerts, status: status,
                             round: currentRound.load(ordering: .acquiring))
        }
    }

    /// The routes the feeds have shown calling at `stopID` so far, sorted.
    public func routesSeen(at stopID: String) -> [String] {
        service.withLock { $0.routes(at: stopID) }
    }

    /// The lines to list for `station`: its static routes with those the feeds have shown
    /// calling at its platforms so far (`Station.lines(seen:reported:)`).
    public func lines(of station: Station) -> [String] {
        service.withLock { $0.lines(of: station) }
    }

    /// The latest good alerts feeds and their health at `feedTime`.
    public func alerts(feedTime: Double, staleAfter: (String) -> Double) -> AlertFeedSnapshot {
        stores.withLock { alertSnapshot($0.alerts, feedTime: feedTime, staleAfter: staleAfter) }
    }

    private func alertSnapshot(_ store: FeedStore<GTFSRealtime.FeedMessage>, feedTime: Double,
                               staleAfter: (String) -> Double) -> AlertFeedSnapshot {
        AlertFeedSnapshot(feeds: store.feeds, timestamp: store.entries.values.compactMap { $0.headerTimestamp }.min(),
                          status: store.status(now: feedTime, staleAfter: staleAfter))
    }

    /// Every feed's health at `feedTime`, vehicles and alerts by feed id, each judged by its
    /// own stale threshold.
    public func status(feedTime: Double, staleAfter: (String) -> Double) -> [FeedStatus] {
        stores.withLock { stores in
            (stores.vehicles.status(now: feedTime, staleAfter: staleAfter)
                + stores.alerts.status(now: feedTime, staleAfter: staleAfter)).sorted { $0.id < $1.id }
        }
    }

    /// Keeps a feed's trip match and warns once each time it turns poor.
    private func noteTripMatch(_ match: TripMatch, of feedID: String) {
        let previous = tripMatches.withLock { matches in
            defer { matches[feedID] = match }
            return matches[feedID]
        }
        if let warning = match.warning, previous?.isPoor != true {
            logger.warning("feed \(feedID): \(warning)", [("feed", feedID)])
        }
    }

    /// Per vehicle feed, the trip match of its latest accepted report (`/api/feeds`, `/metrics`).
    public var tripMatch: [String: TripMatch] { tripMatches.withLock { $0 } }

    /// The publish time inside a recorded file, for ordering a replay; nil when unreadable.
    public func contentTimestamp(_ format: FeedFormat, _ bytes: Data) -> Double? {
        // A header without a timestamp would take `fetchedAt`; -1 marks that as unknown.
        guard let report = try? FeedReport(decoding: bytes, name: "replay", profile: network.profile, fetchedAt: -1),
              report.timestamp > 0 else { return nil }
        return report.timestamp
    }
}
