import TransitEngine

/// Which vehicles a subscription wants besides where they are: `layers` and `routes` of a
/// subscribe message. A nil set means "all".
public struct VehicleFilter: Hashable, Sendable {
    public var kinds: Set<VehicleState.Kind>?
    public var routes: Set<String>?

    public init(kinds: Set<VehicleState.Kind>? = nil, routes: Set<String>? = nil) {
        self.kinds = kinds
        self.routes = routes
    }

    /// Every vehicle.
    public static let all = VehicleFilter()

    public func matches(_ state: VehicleState) -> Bool {
        if let kinds, !kinds.contains(state.kind) { return false }
        if let routes, !routes.contains(state.route) { return false }
        return true
    }
}

/// A subscription's view: whole tiles plus a filter. Connections with equal regions receive
/// byte-identical messages, so the hub builds each region's frame once per tick.
public struct Region: Hashable, Sendable {
    public var tiles: TileRange
    public var filter: VehicleFilter

    public init(tiles: TileRange, filter: VehicleFilter) {
        self.tiles = tiles
        self.filter = filter
    }

    /// Whether a vehicle's published state belongs to this view.
    public func contains(_ vehicle: PublishedVehicle) -> Bool {
        tiles.contains(vehicle.tile) && filter.matches(vehicle.state)
    }
}
