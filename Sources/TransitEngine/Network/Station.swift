/// A station riders know by name, with its platforms and the lines that serve it.
public struct Station: Hashable, Sendable {
    public var id: String
    public var name: String
    public var coordinate: Coordinate
    /// Platform stop ids, sorted (`127N`, `127S`).
    public var platforms: [String]
    /// Ids of routes whose shapes pass its platforms, sorted.
    public var routes: [String]
    /// Step-free access to its platforms (ADA), where the GTFS says; see `WheelchairAccess.ofStation`.
    public var wheelchairAccess: WheelchairAccess?
    /// Each platform's own or inherited access, for the platforms whose access is known.
    public var platformWheelchairAccess: [String: WheelchairAccess]

    public init(id: String, name: String, coordinate: Coordinate, platforms: [String], routes: [String],
                wheelchairAccess: WheelchairAccess? = nil, platformWheelchairAccess: [String: WheelchairAccess] = [:]) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.platforms = platforms
        self.routes = routes
        self.wheelchairAccess = wheelchairAccess
        self.platformWheelchairAccess = platformWheelchairAccess
    }
}
