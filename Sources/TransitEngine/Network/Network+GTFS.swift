import TransitData

extension Network {
    /// The network of one or more static GTFS feeds (a subway and a bus feed, say), merged.
    /// Directions are read through `profile`; entrances and generic nodes are left out.
    public init(gtfs feeds: [GTFSFeed], profile: any AgencyProfile = StandardProfile()) {
        var routes: [NetworkRoute] = []
        var stops: [NetworkStop] = []
        var trips: [NetworkTrip] = []
        var shapePoints: [String: [Coordinate]] = [:]
        for feed in feeds {
            routes += feed.routes.rows.map { route in
                NetworkRoute(id: route.id, shortName: route.shortName, longName: route.longName,
                             color: route.color?.hex, textColor: route.textColor?.hex, type: route.type)
            }
            stops += feed.stops.rows.compactMap { stop in
                guard stop.locationType == .stopOrPlatform || stop.locationType == .station else { return nil }
                return NetworkStop(id: stop.id, name: stop.name,
                                   coordinate: Coordinate(latitude: stop.latitude, longitude: stop.longitude),
                                   parentStation: stop.parentStationID.flatMap { $0.isEmpty ? nil : $0 },
                                   isStation: stop.locationType == .station)
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
        }
        self.init(routes: routes, stops: stops, trips: trips, shapePoints: shapePoints, profile: profile)
    }
}
