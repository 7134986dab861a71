import Foundation
import Synchronization
import TransitData
import TransitEngine

/// The elevator and escalator outage feed's last good outages (`--elevators`), kept like any
/// feed's (`FeedStore`): a failed, garbage or oversized fetch keeps the outages before it and
/// marks them stale; `FeedFreshness` judges staleness by the same rule as the other feeds, and
/// its health and fetch counts (`FeedStatistics`) go to `/api/feeds`, `/readyz` and `/metrics`
/// beside theirs. It is judged on the wall clock, whatever the vehicle source: elevators are
/// out now, even while a recording of 2019 plays. Thread-safe: the poller writes, ticks read.
public final class ElevatorFeed: Sendable {
    /// The feed's id in logs, errors, `/api/feeds`, `/readyz` and `/metrics`.
    public static let feedID = "elevators"
    /// The kept outages and what the fetches came to, changed together.
    private struct State: Sendable {
        var store = FeedStore<EquipmentOutages>()
        var statistics = FeedStatistics()
    }
    private let state = Mutex(State())
    /// The zone of the feed's local times (the agency's).
    let timeZone: TimeZone
    /// Seconds after the last good fetch past which the outages are stale.
    let staleAfter: Double

    public init(timeZone: TimeZone, staleAfter: Double) {
        self.timeZone = timeZone
        self.staleAfter = staleAfter
    }

    /// Decodes a fetched document (gzip accepted, `FeedDecoder`'s limit) and keeps it when good;
    /// returns why it was refused, nil when it was kept.
    @discardableResult
    public func ingest(_ bytes: Data, at wallTime: Double) -> String? {
        let started = ContinuousClock.now
        let decoded = Result<EquipmentOutages, FeedDecoder.Failure>(catching: { () throws(FeedDecoder.Failure) in
            try FeedDecoder.decodeEquipmentOutages(bytes, timeZone: timeZone)
        })
        let took = ContinuousClock.now - started
        return state.withLock { state in
            state.statistics.fetched(bytes: bytes.count)
            switch decoded {
            case .success(let outages):
                state.statistics.decoded(in: took)
                state.statistics.succeeded(at: wallTime)
                _ = state.store.offer(outages, id: Self.feedID, headerTimestamp: wallTime, isEmpty: false, receivedAt: wallTime)
                return nil
            case .failure(let error):
                state.statistics.failed(bytes.isEmpty ? .empty : .decode)
                _ = state.store.reject(id: Self.feedID, reason: error.description, at: wallTime)
                return error.description
            }
        }
    }

    /// Records a fetch that brought no document, counted by its cause.
    public func reject(_ failure: FetchFailure, at wallTime: Double) {
        state.withLock { state in
            state.statistics.fetched(bytes: 0)
            state.statistics.failed(failure)
            _ = state.store.reject(id: Self.feedID, reason: failure.description, at: wallTime)
        }
    }

    /// The publisher confirmed the kept outages (HTTP 304): they are current again.
    public func confirm(at wallTime: Double) {
        state.withLock { state in
            state.statistics.fetched(bytes: 0)
            state.statistics.succeeded(at: wallTime)
            guard let kept = state.store.entries[Self.feedID]?.feed else { return }
            _ = state.store.offer(kept, id: Self.feedID, headerTimestamp: wallTime, isEmpty: false, receivedAt: wallTime)
        }
    }

    /// The feed's health at `wallTime` (`FeedStore.status`, this feed's threshold); a feed
    /// never fetched yet has no age and is stale.
    public func status(at wallTime: Double) -> FeedStatus {
        state.withLock { Self.status(of: $0.store, at: wallTime, staleAfter: staleAfter) }
    }

    /// What the fetches came to so far (`/metrics`).
    public var statistics: FeedStatistics { state.withLock { $0.statistics } }

    /// The outages as they stand at `wallTime`.
    public func snapshot(at wallTime: Double) -> ElevatorSnapshot {
        state.withLock { state in
            let entry = state.store.entries[Self.feedID]
            let status = Self.status(of: state.store, at: wallTime, staleAfter: staleAfter)
            var outages: [String: EquipmentOutage] = [:]
            for outage in entry?.feed?.outages ?? [] where outages[outage.equipmentID]?.isUpcoming != false {
                outages[outage.equipmentID] = outage
            }
            return ElevatorSnapshot(outages: outages, isStale: status.isStale, updated: entry?.headerTimestamp,
                                    failure: entry?.failure, status: status)
        }
    }

    private static func status(of store: FeedStore<EquipmentOutages>, at wallTime: Double, staleAfter: Double) -> FeedStatus {
        store.status(now: wallTime) { _ in staleAfter }.first
            ?? FeedStatus(id: feedID, age: nil, isStale: true, failure: nil, accepted: 0, duplicates: 0, failures: 0,
                          staleAfter: staleAfter)
    }
}

/// What one tick reads of the outage feed.
public struct ElevatorSnapshot: Equatable, Sendable {
    /// By equipment id; an outage in force wins over an upcoming one of the same equipment.
    public var outages: [String: EquipmentOutage] = [:]
    /// Whether the outages may be out of date (the latest fetch failed, or none arrived lately).
    public var isStale = false
    /// The wall time of the last good fetch; nil before one.
    public var updated: Double?
    /// Why the latest fetch was refused; nil when it was kept.
    public var failure: String?
    /// The feed's health, as every feed's is reported; nil when no outage feed is configured (`--elevators`).
    public var status: FeedStatus?

    /// Whether an outage feed is configured at all.
    public var configured: Bool { status != nil }

    public init(outages: [String: EquipmentOutage] = [:], isStale: Bool = false, updated: Double? = nil,
                failure: String? = nil, status: FeedStatus? = nil) {
        self.outages = outages
        self.isStale = isStale
        self.updated = updated
        self.failure = failure
        self.status = status
    }
}
