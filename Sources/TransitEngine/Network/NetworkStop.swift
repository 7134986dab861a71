/// A stop from `stops.txt`: a platform (where vehicles stop) or a station grouping platforms.
public struct NetworkStop: Hashable, Sendable {
    public var id: String
    public var name: String
    public var coordinate: Coordinate
    /// The station this platform belongs to (`parent_station`).
    public var parentStation: String?
    /// Whether this is a station (`location_type` 1) rather than a platform.
    public var isStation: Bool
    /// Its own `wheelchair_boarding`; nil when the feed gives none (a platform then has its station's).
    public var wheelchairAccess: WheelchairAccess?

    public init(id: String, name: String, coordinate: Coordinate, parentStation: String? = nil, isStation: Bool = false,
                wheelchairAccess: WheelchairAccess? = nil) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.parentStation = parentStation
        self.isStation = isStation
        self.wheelchairAccess = wheelchairAccess
    }
}
