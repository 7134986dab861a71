import TransitData

/// Everything static the engine needs, built once from GTFS: routes, stops, stations, shapes
/// with their spatial indexes and the stops along them, trips, and lookups between them.
///
/// Building measures every shape and finds every stop's passes once, so a tick only looks
/// things up. `Network` is immutable and `Sendable`: one value is shared by every tick.
public struct Network: Sendable {
    /// How far a shape may pass from a stop and still count as passing it.
    public static let stopPassRadius = 100.0

    public let profile: any AgencyProfile
    public let routes: [String: NetworkRoute]
    public let stops: [String: NetworkStop]
    /// One per complex (`StationComplexes`), sorted by id.
    public let stations: [Station]
    /// Index into `stations` of every station id, member station id and platform id.
    private let stationIndex: [String: Int]
    /// Each GTFS station's own words for its directions (`["N": "Manhattan", "S": "Coney Island"]`).
    public let directionLabels: [String: [String: String]]
    /// Stops of bus routes (also in `stops`), sorted by id; never among `stations`.
    public let busStops: [BusStop]
    public let shapes: [TransitShape]
    public let trips: [String: NetworkTrip]
    /// The timetables trip updates are read against (one per static feed with stop_times), when
    /// the profile reads them so; empty otherwise.
    public let timetables: [RealtimeTimetable]
    /// Shape index by `shape_id`.
    public let shapeIndex: [String: Int]
    /// The bounds and middle of the stops riders use (`extent` adds the profile's opening point).
    let stopExtent: NetworkExtent?
    /// Shape indexes by route id, and by route id and direction.
    let shapesByRoute: [String: [Int]]
    let shapesByRouteDirection: [RouteDirection: [Int]]

    /// The station (complex) that `id` names: its own id, one of its member stations' or one of
    /// its platforms'; nil for anything else.
    public func station(containing id: String) -> Station? {
        stationIndex[id].map { stations[$0] }
    }

    /// The heading riders read at platform `stopID` for trains going `direction`: its station's
    /// label for that direction where the data has one.
    public func heading(atPlatform stopID: String, direction: String) -> String? {
        let station = stops[stopID]?.parentStation ?? stopID
        return directionLabels[station]?[direction]
    }

    /// Indexes into `shapes` of the shapes a route's trips use.
    public func shapes(ofRoute routeID: String) -> [Int] {
        shapesByRoute[routeID] ?? []
    }

    /// The timetable that has trip `id`, if any.
    public func timetable(ofTrip id: String) -> RealtimeTimetable? {
        timetables.first { $0.hasTrip(id) }
    }

    /// The mode of `routeID`'s vehicles: from its `route_type`; subway for a route the network
    /// does not know or whose type no vehicle runs as (the realtime feeds' trains).
    public func kind(ofRoute routeID: String) -> VehicleState.Kind {
        routes[routeID]?.kind ?? .subway
    }

    /// How the profile has riders know the route (`AgencyProfile.label(of:)`); nil for a route the GTFS lacks.
    public func label(ofRoute routeID: String) -> RouteLabel? {
        routes[routeID].flatMap(profile.label(of:))
    }

    /// A route in one direction, the key of fallback shape lookups.
    struct RouteDirection: Hashable, Sendable {
        var route: String
        var direction: String
    }

    /// Builds the network. `shapePoints` holds each shape's points in sequence order. Trips
    /// name their direction with GTFS `direction_id`, translated through `profile`. Stops listed
    /// in `busStops` stay in `stops` (buses are placed against them) but are not stations.
    ///
    /// Stations are joined into complexes by `stationGroups` and `stationLinks` (pairs of stop ids
    /// a transfer joins; see `StationComplexes`). `scheduledRoutes` gives the routes calling at
    /// each stop of the feeds that have stop_times (every such stop has an entry, maybe empty);
    /// a station whose platforms all have one lists those, others the routes whose shapes pass.
    /// `directionLabels` are the stations' words for their directions (`heading(atPlatform:direction:)`).
    public init(routes: [NetworkRoute], stops: [NetworkStop], trips: [NetworkTrip],
                shapePoints: [String: [Coordinate]], busStops: [BusStop] = [],
                profile: any AgencyProfile = StandardProfile(), timetables: [RealtimeTimetable] = [],
                stationGroups: [StationGroups.Group] = [], stationLinks: [(String, String)] = [],
                scheduledRoutes: [String: Set<String>] = [:], directionLabels: [String: [String: String]] = [:]) {
        self.profile = profile
        self.timetables = timetables
        self.directionLabels = directionLabels
        self.routes = Dictionary(routes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.stops = Dictionary(stops.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.trips = Dictionary(trips.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })

        // A shape's route and direction: from the trips that use it, else from its id.
        var usage: [String: (route: String, direction: String?)] = [:]
        for trip in trips {
            guard let shapeID = trip.shapeID, !shapeID.isEmpty, usage[shapeID] == nil else { continue }
            usage[shapeID] = (trip.routeID, trip.direction)
        }
        let passFinder = OrderedProjection(radius: Self.stopPassRadius)
        let candidateStops = stops.filter { $0.coordinate.isPlausible }
        var built: [TransitShape] = []
        for (id, points) in shapePoints.sorted(by: { $0.key < $1.key }) {
            let polyline = Polyline(points.filter(\.isPlausible))
            let grid = SegmentGrid(polyline)
            var passes: [String: [PolylineProjection]] = [:]
            for stop in candidateStops {
                let found = passFinder.passes(of: stop.coordinate, on: polyline, grid: grid)
                if !found.isEmpty { passes[stop.id] = found }
            }
            let owner = usage[id] ?? profile.routeAndDirection(ofShapeID: id)
            built.append(TransitShape(id: id, routeID: owner?.route, direction: owner?.direction,
                                      polyline: polyline, grid: grid, stopPasses: passes))
        }
        shapes = built
        shapeIndex = Dictionary(uniqueKeysWithValues: built.enumerated().map { ($1.id, $0) })

        var byRoute: [String: [Int]] = [:]
        var byRouteDirection: [RouteDirection: [Int]] = [:]
        for (index, shape) in built.enumerated() {
            guard let route = shape.routeID else { continue }
            byRoute[route, default: []].append(index)
            if let direction = shape.direction {
                byRouteDirection[RouteDirection(route: route, direction: direction), default: []].append(index)
            }
        }
        shapesByRoute = byRoute
        shapesByRouteDirection = byRouteDirection
        let busStopIDs = Set(busStops.map(\.id))
        let busRoutes = Set(routes.filter { NetworkRoute.isBus(type: $0.type) }.map(\.id))
        let stationStops = stops.filter { !busStopIDs.contains($0.id) }
        let complexes = StationComplexes.join(
            Self.stations(stops: stationStops, shapes: built.filter { $0.routeID.map { !busRoutes.contains($0) } ?? false },
                          scheduledRoutes: scheduledRoutes),
            parentOf: Dictionary(stationStops.compactMap { stop in stop.parentStation.map { (stop.id, $0) } },
                                 uniquingKeysWith: { first, _ in first }),
            groups: stationGroups, links: stationLinks)
        stations = complexes
        var index: [String: Int] = [:]
        for (position, station) in complexes.enumerated() {
            for id in [station.id] + station.memberStations + station.platforms where index[id] == nil { index[id] = position }
        }
        stationIndex = index
        self.busStops = busStops.sorted { $0.id < $1.id }
        stopExtent = Self.extent(of: Array(self.stops.values), scheduledRoutes: scheduledRoutes)
    }

    /// The extent of the stops a trip calls at and their stations, where stop_times say which: a
    /// stop no trip serves (Ann Arbor's feed keeps five test stops in Minnesota) would stretch
    /// the map's bounds across half a continent. Every stop counts without stop_times.
    private static func extent(of stops: [NetworkStop], scheduledRoutes: [String: Set<String>]) -> NetworkExtent? {
        let served = stops.filter { !(scheduledRoutes[$0.id] ?? []).isEmpty }
        guard !served.isEmpty else { return NetworkExtent(stops: stops.map(\.coordinate)) }
        let stations = Set(served.compactMap(\.parentStation))
        return NetworkExtent(stops: (served + stops.filter { stations.contains($0.id) }).map(\.coordinate))
    }

    /// Stations with their platforms and the routes calling there: from `scheduledRoutes` where
    /// every platform has an entry, else the routes whose shapes (`shapes`: rail ones, not the
    /// buses in the street above) pass within a few metres of them, which counts express routes
    /// at the local stations they run through.
    private static func stations(stops: [NetworkStop], shapes: [TransitShape], scheduledRoutes: [String: Set<String>]) -> [Station] {
        var platforms: [String: [String]] = [:]
        for stop in stops where !stop.isStation {
            platforms[stop.parentStation ?? stop.id, default: []].append(stop.id)
        }
        var routesAt: [String: Set<String>] = [:]
        for shape in shapes {
            guard let route = shape.routeID else { continue }
            for (stop, passes) in shape.stopPasses where passes.contains(where: { $0.distanceFromLine < 20 }) {
                routesAt[stop, default: []].insert(route)
            }
        }
        let stopsByID = Dictionary(stops.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return stops.filter { $0.isStation || ($0.parentStation == nil && platforms[$0.id] != nil) }
            .map { station in
                let ids = (platforms[station.id] ?? []).sorted()
                let calling = ids.isEmpty ? [station.id] : ids
                let fromSchedule = calling.allSatisfy { scheduledRoutes[$0] != nil }
                let passing = fromSchedule ? scheduledRoutes : routesAt
                let routes = calling.reduce(into: Set<String>()) { $0.formUnion(passing[$1] ?? []) }
                    .union(fromSchedule ? [] : routesAt[station.id] ?? [])
                // A platform without a value of its own has its station's (GTFS: 0 or empty inherits).
                let access = ids.map { stopsByID[$0]?.wheelchairAccess ?? station.wheelchairAccess }
                return Station(id: station.id, name: station.name, coordinate: station.coordinate,
                               platforms: ids, routes: routes.sorted(), routesFromSchedule: fromSchedule,
                               wheelchairAccess: ids.isEmpty ? station.wheelchairAccess : WheelchairAccess(platforms: access),
                               platformWheelchairAccess: Dictionary(uniqueKeysWithValues: zip(ids, access).compactMap { id, known in
                                   known.map { (id, $0) }
                               }))
            }
            .sorted { $0.id < $1.id }
    }
}
