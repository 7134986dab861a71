/// The output of one tick: every vehicle's state, the memory for the next tick, and how
/// trains were matched to shapes.
public struct PlacementResult: Sendable {
    /// Sorted by id, so two ticks' states can be compared in one pass.
    public var states: [VehicleState]
    public var memory: PlacementMemory
    public var coverage: ShapeCoverage
}
