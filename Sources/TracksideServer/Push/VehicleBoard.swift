import TransitEngine

/// The published vehicle states of the latest tick, indexed by id and by tile: what REST
/// answers from and what snapshots are cut from.
public struct VehicleBoard: Sendable {
    public let grid: TileGrid
    public private(set) var vehicles: [String: PublishedVehicle] = [:]
    private var idsByTile: [Tile: Set<String>] = [:]

    public init(grid: TileGrid) {
        self.grid = grid
    }

    /// The states keyed by id, as the diff's previous tick.
    public private(set) var states: [String: VehicleState] = [:]

    /// Applies a diff and returns what changed where.
    public mutating func apply(_ diff: VehicleDiff) -> ChangeSet {
        var changes = ChangeSet()
        for state in diff.upserts {
            let vehicle = PublishedVehicle(state, grid: grid)
            states[state.id] = state
            let old = vehicles.updateValue(vehicle, forKey: state.id)?.tile
            if let old, old != vehicle.tile { removeFromIndex(state.id, tile: old) }
            idsByTile[vehicle.tile, default: []].insert(state.id)
            changes.record(id: state.id, old: old, new: vehicle)
        }
        for id in diff.removals {
            guard let old = vehicles.removeValue(forKey: id) else { continue }
            states[id] = nil
            removeFromIndex(id, tile: old.tile)
            changes.record(id: id, old: old.tile, new: nil)
        }
        return changes
    }

    /// Drops emptied tiles so region walks stay proportional to occupied tiles.
    private mutating func removeFromIndex(_ id: String, tile: Tile) {
        idsByTile[tile]?.remove(id)
        if idsByTile[tile]?.isEmpty == true { idsByTile[tile] = nil }
    }

    /// The vehicles a region shows, sorted by id.
    public func vehicles(in region: Region) -> [PublishedVehicle] {
        var found: [PublishedVehicle] = []
        func collect(_ ids: Set<String>) {
            for id in ids { if let vehicle = vehicles[id], region.filter.matches(vehicle.state) { found.append(vehicle) } }
        }
        if region.tiles.count < idsByTile.count {
            for tile in region.tiles.tiles { if let ids = idsByTile[tile] { collect(ids) } }
        } else {
            for (tile, ids) in idsByTile where region.tiles.contains(tile) { collect(ids) }
        }
        return found.sorted { $0.id < $1.id }
    }

    /// What `view` shows now, refused over `limits`' budget as a subscription to it is: the one check of a
    /// subscribe, a resume and `GET /api/vehicles`.
    public func admit(_ view: ClientRequest.ViewRequest, within limits: PushLimits) throws(PushRequestError) -> (Region, [PublishedVehicle]) {
        let region = view.region(on: grid)
        let visible = vehicles(in: region)
        try limits.checkBudget(of: visible, wholeNetwork: view.wholeNetwork)
        return (region, visible)
    }
}
