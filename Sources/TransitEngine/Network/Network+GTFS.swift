import Foundation
import TransitData

extension Network {
    /// The network of one or more static GTFS feeds (a subway and a bus feed, say), merged.
    /// Directions are read through `profile`; entrances and generic nodes are left out.
    ///
    /// Parentless stops of bus routes become `busStops`, not stations (see `busStops(of:calling:)`).
    /// Which routes call where, and where the profile reads trip updates against the timetable each
    /// feed's timetable (`RealtimeTimetable`), come from `schedules` (the feeds' stop_times loaded
    /// compactly, one per feed, so a caller that needs them too reads them once); without them the
    /// routes are read in one streamed pass and the timetable loaded here. A broken stop_times fails
    /// either way.
    ///
    /// Stations form complexes by `stationGroups` (NYCT's grouping file) and by the transfers
    /// between two stations in `transfers.txt`; they list the routes stop_times has calling at
    /// their platforms where a feed has them.
    public init(gtfs feeds: [GTFSFeed], schedules: [GTFSSchedule]? = nil, profile: any AgencyProfile = StandardProfile(),
                stationGroups: [StationGroups.Group] = [], directionLabels: [String: [String: String]] = [:]) throws {
        precondition(schedules == nil || schedules?.count == feeds.count, "one schedule per feed")
        var routes: [NetworkRoute] = []
        var stops: [NetworkStop] = []
        var trips: [NetworkTrip] = []
        var busStops: [BusStop] = []
        var shapePoints: [String: [Coordinate]] = [:]
        var links: [(String, String)] = []
        var scheduled: [String: Set<String>] = [:]
        var timetables: [RealtimeTimetable] = []
        for (index, feed) in feeds.enumerated() {
            links += feed.transfers.filter { $0.fromStopID != $0.toStopID && $0.type != 3 }.map { ($0.fromStopID, $0.toStopID) }
            let calling = try schedules.map { try feed.routesCallingAtStops(in: $0[index]) } ?? feed.routesCallingAtStops()
            if let calling {
                for stop in feed.stops.rows { scheduled[stop.id, default: []].formUnion(calling[stop.id] ?? []) }
            }
            routes += feed.routes.rows.map { route in
                NetworkRoute(id: route.id, shortName: route.shortName, longName: route.longName,
                             color: route.color?.hex, textColor: route.textColor?.hex, type: route.type)
            }
            stops += feed.stops.rows.compactMap { stop in
                guard stop.locationType == .stopOrPlatform || stop.locationType == .station else { return nil }
                return NetworkStop(id: stop.id, name: stop.name,
                                   coordinate: Coordinate(latitude: stop.latitude, longitude: stop.longitude),
                                   parentStation: stop.parentStationID.flatMap { $0.isEmpty ? nil : $0 },
                                   isStation: stop.locationType == .station,
                                   wheelchairAccess: WheelchairAccess(gtfsWheelchairBoarding: stop.wheelchairBoarding))
            }
            trips += feed.trips.rows.map { trip in
                NetworkTrip(id: trip.id, routeID: trip.routeID,
                            direction: trip.directionID.map { profile.direction(forDirectionID: String($0)) },
                            shapeID: trip.shapeID.flatMap { $0.isEmpty ? nil : $0 }, headsign: trip.headsign)
            }
            for shape in feed.shapes.rows {
                shapePoints[shape.id] = shape.points.sorted { $0.sequence < $1.sequence }
                    .map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
            }
            busStops += Self.busStops(of: feed, calling: calling)
            if profile.readsTripUpdatesAgainstTimetable {
                let schedule = try schedules?[index] ?? feed.loadSchedule()
                if !schedule.calls.isEmpty {
                    timetables.append(RealtimeTimetable(schedule: schedule, timeZone: feed.timeZone ?? TimeZone(identifier: "UTC")!,
                                                        frequencies: feed.frequencies))
                }
            }
        }
        self.init(routes: routes, stops: stops, trips: trips, shapePoints: shapePoints, busStops: busStops, profile: profile,
                  timetables: timetables, stationGroups: stationGroups, stationLinks: links, scheduledRoutes: scheduled,
                  directionLabels: directionLabels)
    }

    /// The feed's parentless stops that serve buses only: by stop_times where the feed has them
    /// (every route calling there is a bus), else when every route of the feed is a bus (a bus
    /// feed such as MTA's per-borough ones). A stop no trip calls at counts by the second rule.
    /// `calling`: the routes its stop_times have at each stop, nil without stop_times.
    static func busStops(of feed: GTFSFeed, calling: [String: Set<String>]?) -> [BusStop] {
        let busRouteIDs = Set(feed.routes.rows.filter { NetworkRoute.isBus(type: $0.type) }.map(\.id))
        guard !busRouteIDs.isEmpty else { return [] }
        let everyRouteIsBus = busRouteIDs.count == feed.routes.count
        return feed.stops.rows.compactMap { stop in
            guard stop.locationType == .stopOrPlatform, (stop.parentStationID ?? "").isEmpty else { return nil }
            let serving = calling?[stop.id] ?? []
            guard serving.isEmpty ? everyRouteIsBus : serving.isSubset(of: busRouteIDs) else { return nil }
            return BusStop(id: stop.id, name: stop.name, coordinate: Coordinate(latitude: stop.latitude, longitude: stop.longitude),
                           scheduledRoutes: calling == nil ? nil : serving.sorted())
        }
    }
}
