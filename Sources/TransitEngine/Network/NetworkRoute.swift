/// A line as the map draws it: its name and colours.
public struct NetworkRoute: Hashable, Sendable {
    public var id: String
    /// The short name riders use (`A`, `M15`); the id when the feed gives none.
    public var shortName: String
    public var longName: String
    /// `RRGGBB` without `#`, when the feed gives one.
    public var color: String?
    /// `RRGGBB` for text drawn on `color` (black on the NYC yellow lines).
    public var textColor: String?
    /// GTFS `route_type`: 1 subway, 3 bus, …
    public var type: Int

    public init(id: String, shortName: String, longName: String = "", color: String? = nil,
                textColor: String? = nil, type: Int) {
        self.id = id
        self.shortName = shortName.isEmpty ? id : shortName
        self.longName = longName
        self.color = color
        self.textColor = textColor
        self.type = type
    }
}

extension NetworkRoute {
    /// Whether `type` is a road vehicle: a bus (GTFS 3, extended 200–299 and 700–799) or a trolleybus (11, 800–899).
    public static func isBus(type: Int) -> Bool {
        VehicleState.Kind(routeType: type)?.isRoadVehicle ?? false
    }

    /// The route's mode; nil for a `route_type` no vehicle of ours runs as.
    public var kind: VehicleState.Kind? { VehicleState.Kind(routeType: type) }
}
