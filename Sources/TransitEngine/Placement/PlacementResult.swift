/// The output of one tick: every vehicle's state, the memory for the next tick, and how
/// trains were matched to shapes.
public struct PlacementResult: Sendable {
    /// One per vehicle, newest feed first, each feed's vehicles in its own order.
    public var states: [VehicleState]
    public var memory: PlacementMemory
    public var coverage: ShapeCoverage
}
