import Foundation
import Synchronization
import TransitData
import TransitEngine

/// The elevator and escalator outage feed's last good outages (`--elevators`), kept like any
/// feed's (`FeedStore`): a failed, garbage or oversized fetch keeps the outages before it and
/// marks them stale; `FeedFreshness` judges staleness by the same rule as the other feeds. It
/// is judged on the wall clock, whatever the vehicle source: elevators are out now, even
/// while a recording of 2019 plays. Thread-safe: the poller writes, ticks read.
public final class ElevatorFeed: Sendable {
    /// The feed's id in logs and errors.
    public static let feedID = "elevators"
    private let store = Mutex(FeedStore<EquipmentOutages>())
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
        do throws(FeedDecoder.Failure) {
            let outages = try FeedDecoder.decodeEquipmentOutages(bytes, timeZone: timeZone)
            store.withLock {
                _ = $0.offer(outages, id: Self.feedID, headerTimestamp: wallTime, isEmpty: false, receivedAt: wallTime)
            }
            return nil
        } catch {
            reject(error.description, at: wallTime)
            return error.description
        }
    }

    /// Records a fetch that brought no document.
    public func reject(_ reason: String, at wallTime: Double) {
        store.withLock { _ = $0.reject(id: Self.feedID, reason: reason, at: wallTime) }
    }

    /// The publisher confirmed the kept outages (HTTP 304): they are current again.
    public func confirm(at wallTime: Double) {
        store.withLock { store in
            guard let kept = store.entries[Self.feedID]?.feed else { return }
            _ = store.offer(kept, id: Self.feedID, headerTimestamp: wallTime, isEmpty: false, receivedAt: wallTime)
        }
    }

    /// The outages as they stand at `wallTime`.
    public func snapshot(at wallTime: Double) -> ElevatorSnapshot {
        store.withLock { store in
            let entry = store.entries[Self.feedID]
            let stale = store.freshness(of: Self.feedID, staleAfter: staleAfter)
                .isStale(headerTime: entry?.headerTimestamp, at: wallTime)
            var outages: [String: EquipmentOutage] = [:]
            for outage in entry?.feed?.outages ?? [] where outages[outage.equipmentID]?.isUpcoming != false {
                outages[outage.equipmentID] = outage
            }
            return ElevatorSnapshot(outages: outages, isStale: stale, updated: entry?.headerTimestamp,
                                    failure: entry?.failure, configured: true)
        }
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
    /// Whether an outage feed is configured at all (`--elevators`).
    public var configured = false

    public init(outages: [String: EquipmentOutage] = [:], isStale: Bool = false, updated: Double? = nil,
                failure: String? = nil, configured: Bool = false) {
        self.outages = outages
        self.isStale = isStale
        self.updated = updated
        self.failure = failure
        self.configured = configured
    }
}
