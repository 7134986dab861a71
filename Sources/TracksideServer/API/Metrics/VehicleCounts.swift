import TransitEngine

/// How many vehicles one tick placed, by kind and status: the `/metrics` engine gauges.
public struct VehicleCounts: Sendable, Equatable {
    private var counts: [VehicleState.Kind: [VehicleState.Status: Int]] = [:]

    public init() {}

    public init(_ states: [VehicleState]) {
        for state in states { counts[state.kind, default: [:]][state.status, default: 0] += 1 }
    }

    /// Zero for combinations the tick did not place, so every series exists from the first scrape.
    public func count(kind: VehicleState.Kind, status: VehicleState.Status) -> Int {
        counts[kind]?[status] ?? 0
    }
}
