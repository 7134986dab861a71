import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs `GET /api/entrances`: every entrance joined to a station, as GeoJSON points
    /// (`station`, `type`, `entry`, `exit`, `step_free`, and `elevator_out`: a street elevator at
    /// a station with an elevator out of service at the latest tick), with `stale` when the
    /// outage feed is. 404 when no entrances are loaded (`--entrances`, or the GTFS's location_type 2 stops).
    func installEntranceRoutes(on router: Router) {
        router.get("/api/entrances") { [self] request in
            guard let access, servesEntrances else {
                return request.error(.notFound, "no entrances are loaded on the server (--entrances, or the GTFS's own)")
            }
            let tick = latestTick
            let network = boards.network
            var outages: [String: Bool] = [:]
            let entrances = access.entrances
            var json = JSONWriter(reservingCapacity: 256 + entrances.count * 160)
            let stale = elevatorFeed != nil && tick.elevatorFeed.isStale
            json.pointFeatureCollection(entrances, coordinate: { Coordinate(latitude: $0.entrance.latitude, longitude: $0.entrance.longitude) },
                                        members: { o in o.key("stale"); o.value(stale) }) { item, p in
                let out = outages[item.station] ?? {
                    let elevators = tick.stationElevators(item.station, access: access, network: network)
                    let any = elevators?.statuses.contains { !$0.inService && $0.equipment.kind == .elevator } ?? false
                    outages[item.station] = any
                    return any
                }()
                p.key("station"); p.value(item.station)
                item.entrance.writeMembers(to: &p)
                p.key("elevator_out"); p.value(item.entrance.isElevator && out)
            }
            return .json(json.bytes)
        }
    }
}
