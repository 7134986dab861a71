/// What a connection watches alerts of: a station (with its arrivals) or a whole route.
public enum AlertScope: Hashable, Sendable {
    case station(String)
    case route(String)
}

extension AlertScope {
    /// Whether `alert` concerns this scope: it names the station (a parent station id) or
    /// the route among those it affects.
    public func covers(_ alert: PublishedAlert) -> Bool {
        switch self {
        case .station(let station): alert.stations.contains(station)
        case .route(let route): alert.routes.contains(route)
        }
    }
}
