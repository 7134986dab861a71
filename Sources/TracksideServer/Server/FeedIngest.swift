import Foundation
import Synchronization
import TransitEngine
import WebSocketServer

/// Turns delivered payloads into the feed store's reports: decodes each with the engine's
/// profile and offers it, so a bad fetch only marks its feed stale. Thread-safe: sources
/// deliver from their own threads, ticks read from theirs.
public final class FeedIngest: Sendable {
    private let store = Mutex(FeedStore<FeedReport>())
    /// The replay round the store holds (see `FeedPayload.round`).
    private let currentRound = Atomic<Int>(0)
    private let profile: any AgencyProfile
    private let logger: Logger

    public init(profile: any AgencyProfile, logger: Logger) {
        self.profile = profile
        self.logger = logger
    }

    /// Decodes and stores one payload; true when it replaced its feed (a tick should run).
    /// `feedTime` stands in for a header without a timestamp.
    @discardableResult
    public func ingest(_ payload: FeedPayload, feedTime: Double, wallTime: Double) -> Bool {
        if payload.round > currentRound.load(ordering: .acquiring) {
            store.withLock { $0 = FeedStore() }
            currentRound.store(payload.round, ordering: .releasing)
            logger.info("replay: round \(payload.round + 1) starts; feeds of the previous round forgotten")
        }
        let outcome: FeedStore<FeedReport>.Outcome
        do {
            let report = try FeedReport(decoding: payload.bytes, name: payload.feedID, profile: profile, fetchedAt: feedTime)
            outcome = store.withLock {
                $0.offer(report, id: payload.feedID, headerTimestamp: report.timestamp,
                         isEmpty: report.trains.isEmpty && report.buses.isEmpty, receivedAt: wallTime)
            }
        } catch {
            outcome = store.withLock { $0.reject(id: payload.feedID, reason: error.description) }
        }
        if case .failed(let reason) = outcome {
            logger.warning("feed \(payload.feedID): kept the last good data (\(payload.origin): \(reason))", [("feed", payload.feedID)])
        }
        return outcome == .accepted
    }

    /// The replay round the feeds belong to (0 for live sources).
    public var round: Int { currentRound.load(ordering: .acquiring) }

    /// The latest good report of every feed, for a tick.
    public var snapshot: FeedSnapshot {
        FeedSnapshot(store.withLock { $0.feeds })
    }

    /// Every feed's health at `feedTime`.
    public func status(feedTime: Double, staleAfter: Double) -> [FeedStatus] {
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
