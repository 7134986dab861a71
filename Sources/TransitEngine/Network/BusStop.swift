/// A kerbside stop of bus routes, kept apart from stations: riders look for it on the map and
/// by name, and its board lists buses, not trains.
public struct BusStop: Hashable, Sendable {
    public var id: String
    public var name: String
    public var coordinate: Coordinate
    /// Ids of the routes whose trips call here by `stop_times.txt`, sorted; nil when the feed
    /// has no stop_times, so the routes can only be learnt from realtime calls
    /// (`BusStopService`).
    public var scheduledRoutes: [String]?

    public init(id: String, name: String, coordinate: Coordinate, scheduledRoutes: [String]? = nil) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.scheduledRoutes = scheduledRoutes
    }
}
