/// A station riders know by name, with its platforms and the lines that serve it: one complex
/// (Times Sq-42 St with its 1 2 3, 7, A C E, N Q R W and shuttle stations) is one station.
public struct Station: Hashable, Sendable {
    /// The first of `memberStations`: any member's or platform's id resolves to it
    /// (`Network.station(containing:)`), so links to one part of a complex keep working.
    public var id: String
    public var name: String
    public var coordinate: Coordinate
    /// The GTFS stations (parent stops) it groups, sorted; just `id` outside a complex.
    public var memberStations: [String]
    /// Platform stop ids of every member, sorted (`127N`, `127S`, `725N`, …).
    public var platforms: [String]
    /// The routes the static GTFS has calling at its platforms, sorted: from stop_times when the
    /// feed has them (`routesFromSchedule`), else those whose shapes pass the platforms.
    public var routes: [String]
    /// Whether `routes` comes from stop_times (exact) rather than shapes passing by (which counts
    /// an express at the local stations it runs through).
    public var routesFromSchedule: Bool
    /// Step-free access to its platforms (ADA), where the GTFS says; see `WheelchairAccess.ofStation`.
    public var wheelchairAccess: WheelchairAccess?
    /// Each platform's own or inherited access, for the platforms whose access is known.
    public var platformWheelchairAccess: [String: WheelchairAccess]

    public init(id: String, name: String, coordinate: Coordinate, memberStations: [String]? = nil, platforms: [String],
                routes: [String], routesFromSchedule: Bool = false,
                wheelchairAccess: WheelchairAccess? = nil, platformWheelchairAccess: [String: WheelchairAccess] = [:]) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.memberStations = memberStations ?? [id]
        self.platforms = platforms
        self.routes = routes
        self.routesFromSchedule = routesFromSchedule
        self.wheelchairAccess = wheelchairAccess
        self.platformWheelchairAccess = platformWheelchairAccess
    }
}

extension Station {
    /// The lines to list for it: the static `routes` with the routes realtime feeds have shown
    /// calling at its platforms (`seen`). Without stop_times, a static route that the feeds
    /// report (`reported`: anywhere on the network) but never here is left out: its shape only
    /// runs past (an express through local stations), and the feeds say where its trains stop.
    public func lines(seen: Set<String>, reported: Set<String>) -> [String] {
        let kept = routesFromSchedule ? Set(routes) : Set(routes.filter { !reported.contains($0) })
        return kept.union(seen).sorted()
    }
}
