import TransitEngine

/// What changed between two ticks: vehicles that appeared or whose state differs
/// (`VehicleState` equality: equal states draw the same), and vehicles that disappeared.
public struct VehicleDiff: Equatable, Sendable {
    /// Added or changed vehicles, in the order of the new tick.
    public var upserts: [VehicleState]
    /// Ids present before and absent now, sorted so output is deterministic.
    public var removals: [String]

    public init(upserts: [VehicleState] = [], removals: [String] = []) {
        self.upserts = upserts
        self.removals = removals
    }

    /// Compares the previous tick's states (by id) with the new tick's.
    /// When the new tick lists an id twice, the last state wins, as it would on the map.
    public init(previous: [String: VehicleState], next: [VehicleState]) {
        var latest: [String: Int] = [:]
        latest.reserveCapacity(next.count)
        for (index, state) in next.enumerated() { latest[state.id] = index }
        upserts = next.enumerated().compactMap { index, state in
            guard latest[state.id] == index, previous[state.id] != state else { return nil }
            return state
        }
        removals = previous.keys.filter { latest[$0] == nil }.sorted()
    }

    public var isEmpty: Bool { upserts.isEmpty && removals.isEmpty }
}
