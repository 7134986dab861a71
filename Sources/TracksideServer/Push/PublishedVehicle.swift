import TransitData
import TransitEngine

/// A vehicle state as last sent to clients, with its wire JSON serialised once and the tile
/// it sits in, so snapshots and deltas for any number of regions only copy bytes.
public struct PublishedVehicle: Sendable {
    public let state: VehicleState
    /// `state.writeJSON(to:)`, kept so every message that carries the vehicle reuses it.
    public let json: [UInt8]
    public let tile: Tile

    public init(_ state: VehicleState, grid: TileGrid) {
        self.state = state
        var writer = JSONWriter(reservingCapacity: 320)
        state.writeJSON(to: &writer)
        json = writer.bytes
        tile = grid.tile(of: state.position)
    }

    public var id: String { state.id }
}
