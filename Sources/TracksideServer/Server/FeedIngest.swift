import Foundation
import Synchronization
import TransitEngine
import WebSocketServer

/// Turns delivered payloads into the feed store's reports: decodes each with the engine's
/// profile and offers it, so a bad fetch only marks its feed stale. Thread-safe: sources
/// deliver from their own threads, ticks read from theirs.
public final class FeedIngest: Sendable {
    private let store = Mutex(FeedStore<FeedReport>())
    /// Per feed, what its fetches came to (`/metrics`).
    private let fetchStatistics = Mutex<[String: FeedStatistics]>([:])
    /// Routes seen calling at stops in every accepted report, kept across replay rounds: they
    /// describe the network, not the moment.
    private let service = Mutex(BusStopService())
    /// The replay round the store holds (see `FeedPayload.round`).
    private let currentRound = Atomic<Int>(0)
    private let profile: any AgencyProfile
    private let logger: Logger

    public init(profile: any AgencyProfile, logger: Logger) {
        self.profile = profile
        self.logger = logger
    }

    /// Decodes and stores one payload; true when it replaced its feed (a tick should run).
    /// `feedTime` stands in for a header without a timestamp; a good feed already older than
    /// `staleAfter` seconds then is counted as a `stale` error (the publisher is stuck).
    @discardableResult
    public func ingest(_ payload: FeedPayload, feedTime: Double, wallTime: Double,
                       staleAfter: Double = .infinity) -> Bool {
        var statistics = FeedStatistics()
        statistics.fetched(bytes: payload.bytes.count)
        let outcome: FeedStore<FeedReport>.Outcome
        switch payload.content {
        case .notModified:
            statistics.succeeded(at: wallTime)
            updateStore(for: payload) { $0.confirm(id: payload.feedID) }
            outcome = .duplicate
        case .failed(let failure):
            statistics.failed(failure)
            outcome = updateStore(for: payload) { $0.reject(id: payload.feedID, reason: failure.description, at: wallTime) }
        case .document where payload.bytes.isEmpty:
            // A replayed recording's failed fetch.
            statistics.failed(.empty)
            outcome = updateStore(for: payload) { $0.reject(id: payload.feedID, reason: "empty document", at: wallTime) }
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

    /// Decodes a document and offers it to the store, counting its decode time and any error.
    private func decode(_ payload: FeedPayload, feedTime: Double, wallTime: Double, staleAfter: Double,
                        statistics: inout FeedStatistics) -> FeedStore<FeedReport>.Outcome {
        let started = ContinuousClock.now
        let report: FeedReport
        do {
            report = try FeedReport(decoding: payload.bytes, name: payload.feedID, profile: profile, fetchedAt: feedTime)
        } catch {
            statistics.decoded(in: ContinuousClock.now - started)
            statistics.failed(.decode)
            return updateStore(for: payload) { $0.reject(id: payload.feedID, reason: error.description, at: wallTime) }
        }
        statistics.decoded(in: ContinuousClock.now - started)
        let outcome = updateStore(for: payload) {
            $0.offer(report, id: payload.feedID, headerTimestamp: report.timestamp,
                     isEmpty: report.trains.isEmpty && report.buses.isEmpty && report.busCalls.isEmpty,
                     receivedAt: wallTime)
        }
        if outcome == .accepted { service.withLock { $0.record(report) } }
        if case .failed = outcome {
            statistics.failed(.empty)
        } else if feedTime - report.timestamp > staleAfter {
            statistics.failed(.stale)
        } else {
            statistics.succeeded(at: wallTime)
        }
        return outcome
    }

    /// Per feed, what its fetches came to, ordered by feed id.
    public var statistics: [(feedID: String, statistics: FeedStatistics)] {
        fetchStatistics.withLock { $0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Applies `body` to the store. The first payload of a new replay round empties it first,
    /// in the same critical section, so no reader sees the store between two rounds empty.
    private func updateStore<Result: Sendable>(for payload: FeedPayload,
                                               _ body: (inout FeedStore<FeedReport>) -> Result) -> Result {
        store.withLock { store in
            if payload.round > currentRound.load(ordering: .acquiring) {
                store = FeedStore()
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
        FeedSnapshot(store.withLock { $0.feeds })
    }

    /// The routes the feeds have shown calling at `stopID` so far, sorted.
    public func routesSeen(at stopID: String) -> [String] {
        service.withLock { $0.routes(at: stopID) }
    }

    /// Every feed's health at `feedTime`, each judged by its own stale threshold.
    public func status(feedTime: Double, staleAfter: (String) -> Double) -> [FeedStatus] {
        store.withLock { $0.status(now: feedTime, staleAfter: staleAfter) }
    }

    /// The publish time inside a recorded file, for ordering a replay; nil when unreadable.
    public func contentTimestamp(_ format: FeedFormat, _ bytes: Data) -> Double? {
        // A header without a timestamp would take `fetchedAt`; -1 marks that as unknown.
        guard let report = try? FeedReport(decoding: bytes, name: "replay", profile: profile, fetchedAt: -1),
              report.timestamp > 0 else { return nil }
        return report.timestamp
    }
}
