/// The net effect of one or more ticks: each touched vehicle's final state (nil when it is
/// gone) and, per tile, the vehicles that were or became there.
///
/// Listing a vehicle under both its old and its new tile is what lets any region compute
/// its own delta from the set: a vehicle that drove out of a region is found under the
/// region's tile and removed; one that drove in is found under its new tile and upserted.
public struct ChangeSet: Sendable {
    /// Final state per touched vehicle id; nil means removed.
    public private(set) var final: [String: PublishedVehicle?] = [:]
    /// Vehicle ids per tile they occupied before or after a change.
    public private(set) var touchedTiles: [Tile: [String]] = [:]

    public init() {}

    public var isEmpty: Bool { final.isEmpty }

    /// Records that `id` left `old` (if it existed) and now is `new` (nil when removed).
    public mutating func record(id: String, old: Tile?, new: PublishedVehicle?) {
        final[id] = .some(new)
        if let old { touchedTiles[old, default: []].append(id) }
        if let new, new.tile != old { touchedTiles[new.tile, default: []].append(id) }
    }

    /// Applies a later change set on top of this one (for resuming across several ticks).
    public mutating func merge(_ later: ChangeSet) {
        for (id, state) in later.final { final[id] = .some(state) }
        for (tile, ids) in later.touchedTiles { touchedTiles[tile, default: []].append(contentsOf: ids) }
    }

    /// What a client that showed `region` before these changes must apply to show it after:
    /// upserts sorted by id, and removals — possibly of ids the client never had, which the
    /// protocol defines as harmless no-ops.
    public func delta(for region: Region) -> (upserts: [PublishedVehicle], removals: [String]) {
        var upserts: [PublishedVehicle] = []
        var removals: [String] = []
        var seen = Set<String>()
        func visit(_ ids: [String]) {
            for id in ids where seen.insert(id).inserted {
                if case .some(.some(let vehicle)) = final[id], region.contains(vehicle) {
                    upserts.append(vehicle)
                } else {
                    removals.append(id)
                }
            }
        }
        // Walk whichever is smaller: the region's tiles or the tiles that changed.
        if region.tiles.count < touchedTiles.count {
            for tile in region.tiles.tiles { if let ids = touchedTiles[tile] { visit(ids) } }
        } else {
            for (tile, ids) in touchedTiles where region.tiles.contains(tile) { visit(ids) }
        }
        upserts.sort { $0.id < $1.id }
        removals.sort()
        return (upserts, removals)
    }
}
