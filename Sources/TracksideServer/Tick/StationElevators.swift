import TransitData
import TransitEngine

/// One station's elevators and escalators at a tick, as REST answers and push sends them
/// (`ServerMessage.elevators`): each piece of equipment's status and whether the outage feed
/// is stale.
public struct StationElevators: Equatable, Sendable {
    /// The id asked for or watched (a complex's, member's or platform's).
    public var station: String
    public var statuses: [ElevatorStatus]
    public var stale: Bool
    /// Wall time of the outage feed's last good fetch; nil before one.
    public var updated: Double?

    /// The elevators of `station` at `now` (wall time), nil when no equipment list is loaded.
    static func of(_ station: String, access: StationAccessDirectory?, network: Network, snapshot: ElevatorSnapshot,
                   alertOutages: [String: String], at now: Double) -> StationElevators? {
        guard let access else { return nil }
        let statuses = ElevatorStatus.statuses(of: access.access(of: station, in: network) ?? StationAccess(),
                                               outages: snapshot.outages, alertOutages: alertOutages, at: now)
        // Without an outage feed, the equipment's status is only as good as the alerts.
        return StationElevators(station: station, statuses: statuses, stale: snapshot.configured && snapshot.isStale,
                                updated: snapshot.updated)
    }

    /// Whether a client shown `other` sees the same (the fetch time alone is no change).
    func showsTheSame(as other: StationElevators) -> Bool {
        station == other.station && statuses == other.statuses && stale == other.stale
    }

    /// The members `elevators`, `elevators_stale` and `elevators_updated` (omitted before a fetch).
    func writeMembers(to o: inout JSONWriter) {
        o.key("elevators"); o.array { list in for status in statuses { status.writeJSON(stale: stale, to: &list) } }
        o.key("elevators_stale"); o.value(stale)
        if let updated { o.key("elevators_updated"); o.value(updated.rounded(.down), decimals: 0) }
    }
}
