import Foundation
import Synchronization
import TransitData
import TransitEngine
import WebSocketServer

/// Turns delivered payloads into the feed stores' contents: decodes vehicle feeds into reports
/// with the engine's profile and alerts feeds into messages with the Mercury extensions, and
/// offers each to its store, so a bad fetch only marks its feed stale. Thread-safe: sources
/// deliver from their own threads, ticks read from theirs; a document is decoded before the one
/// lock is taken, and what it changes is `FeedIntake`'s rule.
public final class FeedIngest: Sendable {
    /// What ingesting remembers, under one lock; documents are decoded before it is taken.
    private let intake = Mutex(FeedIntake())
    /// What vehicle feeds are read against: the profile, the static trips' routes, the timetable.
    private let network: Network
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
        var figures = FeedStatistics()
        figures.fetched(bytes: payload.bytes.count)
        let delivery = decode(payload, feedTime: feedTime, figures: &figures)
        let taken = intake.withLock { intake in
            intake.take(delivery, of: payload, feedTime: feedTime, wallTime: wallTime, staleAfter: staleAfter,
                        figures: figures, believesEmpty: { emptyIsBelieved(payload, at: $0) })
        }
        if let round = taken.startedRound {
            logger.info("replay: round \(round + 1) starts; feeds of the previous round forgotten")
        }
        if let warning = taken.matchWarning {
            logger.warning("feed \(payload.feedID): \(warning)", [("feed", payload.feedID)])
        }
        switch taken.outcome {
        case .failed(let reason):
            logger.warning("feed \(payload.feedID): kept the last good data (\(payload.origin): \(reason))", [("feed", payload.feedID)])
        case .accepted:
            // Once per feed update (seconds apart), never per vehicle or client.
            logger.debug("feed \(payload.feedID): accepted \(payload.bytes.count) bytes", [("feed", payload.feedID)])
        case .duplicate:
            break
        }
        return taken.outcome == .accepted
    }

    /// What `payload` brought, decoded outside the lock, with its decode time and any failure counted in `figures`.
    private func decode(_ payload: FeedPayload, feedTime: Double, figures: inout FeedStatistics) -> FeedIntake.Delivery {
        switch payload.content {
        case .notModified:
            return .notModified
        case .failed(let failure):
            figures.failed(failure)
            return .failed(reason: failure.description)
        case .document where payload.bytes.isEmpty:
            // A replayed recording's failed fetch.
            figures.failed(.empty)
            return .failed(reason: "empty document")
        case .document:
            let started = ContinuousClock.now
            defer { figures.decoded(in: ContinuousClock.now - started) }
            do {
                switch payload.kind {
                case .vehicles:
                    let report = try FeedReport(decoding: payload.bytes, name: payload.feedID, network: network, fetchedAt: feedTime)
                    return .vehicles(report, match: TripMatch(report: report, network: network))
                case .alerts:
                    return .alerts(try ServiceAlerts.decodeFeed(payload.bytes))
                }
            } catch {
                figures.failed(.decode)
                return .failed(reason: "\(error)")
            }
        }
    }

    /// Whether a vehicle feed listing nothing at `instant` is the truth: the simulator's (it runs the
    /// timetable), or any feed while every loaded timetable is between trips (no night service).
    private func emptyIsBelieved(_ payload: FeedPayload, at instant: Double) -> Bool {
        payload.emptyIsTruthful || (!timetables.isEmpty && timetables.allSatisfy { $0.isBetweenTrips(at: instant) })
    }

    /// Per feed, what its fetches came to, ordered by feed id.
    public var statistics: [(feedID: String, statistics: FeedStatistics)] {
        intake.withLock { $0.statistics }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The replay round the feeds belong to (0 for live sources).
    public var round: Int { intake.withLock { $0.round } }

    /// The latest good report of every feed, for a tick.
    public var snapshot: FeedSnapshot {
        FeedSnapshot(intake.withLock { $0.vehicles.feeds })
    }

    /// What a tick reads, in one critical section so that no update lands between its parts
    /// (`FeedIntake.tickFeeds(feedTime:staleAfter:)`).
    public func tickFeeds(feedTime: Double, staleAfter: (String) -> Double) -> TickFeeds {
        intake.withLock { $0.tickFeeds(feedTime: feedTime, staleAfter: staleAfter) }
    }

    /// The routes the feeds have shown calling at `stopID` so far, sorted.
    public func routesSeen(at stopID: String) -> [String] {
        intake.withLock { $0.service.routes(at: stopID) }
    }

    /// The lines to list for `station`: its static routes with those the feeds have shown
    /// calling at its platforms so far (`Station.lines(seen:reported:)`).
    public func lines(of station: Station) -> [String] {
        intake.withLock { $0.service.lines(of: station) }
    }

    /// The latest good alerts feeds and their health at `feedTime`.
    public func alerts(feedTime: Double, staleAfter: (String) -> Double) -> AlertFeedSnapshot {
        intake.withLock { $0.alertSnapshot(feedTime: feedTime, staleAfter: staleAfter) }
    }

    /// Every feed's health at `feedTime`, vehicles and alerts by feed id, each judged by its
    /// own stale threshold.
    public func status(feedTime: Double, staleAfter: (String) -> Double) -> [FeedStatus] {
        intake.withLock { $0.status(feedTime: feedTime, staleAfter: staleAfter) }
    }

    /// Per vehicle feed, the trip match of its latest accepted report (`/api/feeds`, `/metrics`).
    public var tripMatch: [String: TripMatch] { intake.withLock { $0.tripMatches } }

    /// The publish time inside a recorded file, for ordering a replay; nil when unreadable.
    public func contentTimestamp(_ format: FeedFormat, _ bytes: Data) -> Double? {
        // A header without a timestamp would take `fetchedAt`; -1 marks that as unknown.
        guard let report = try? FeedReport(decoding: bytes, name: "replay", profile: network.profile, fetchedAt: -1),
              report.timestamp > 0 else { return nil }
        return report.timestamp
    }
}
