import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs `GET /api/stations` (GeoJSON, one feature per complex), `GET /api/stations/{id}`
    /// (one station with its lines' `route_labels`, its board and alerts; any member station's or
    /// platform's id finds its complex) and `GET /api/search?q=` (stations and bus stops by name). The search index is
    /// built once: the network does not change while the server runs; the lines of stations and
    /// bus stops learnt from realtime are looked up per answer.
    func installStationDirectoryRoutes(on router: Router) {
        let network = boards.network
        let search = PlaceSearch(network: network)
        router.get("/api/stations") { [self] _ in .json(stationsGeoJSON(network.stations)) }
        router.get("/api/stations/{id}") { [self] request in
            Self.withPlaceID(of: request) { id in
                let tick = latestTick
                guard let station = boards.station(id), let board = tick.board(id, from: boards)
                else { return request.error(.notFound, "no station \(id)") }
                let alerts = tick.alerts.filter { $0.stations.contains(id) }
                let alertsStale = tick.alertFeeds.isStale
                var json = JSONWriter(reservingCapacity: 1024 + alerts.count * 1024)
                json.object { o in
                    writeStationFields(station, to: &o)
                    writeRouteLabels(of: ingest.lines(of: station), to: &o)
                    if !station.platformWheelchairAccess.isEmpty {
                        o.key("platform_ada")
                        o.object { platforms in
                            for id in station.platforms {
                                if let access = station.platformWheelchairAccess[id] { platforms.key(id); platforms.value(access.rawValue) }
                            }
                        }
                    }
                    o.key("lat"); o.value(station.coordinate.latitude, decimals: 6)
                    o.key("lon"); o.value(station.coordinate.longitude, decimals: 6)
                    o.key("arrivals"); board.writeJSON(to: &o)
                    o.key("alerts"); o.array { list in for alert in alerts { alert.writeJSON(to: &list) } }
                    o.key("alerts_stale"); o.value(alertsStale)
                    writeAccess(of: id, at: tick, to: &o)
                }
                return .json(json.bytes)
            }
        }
        router.get("/api/search") { [self] request in
            guard let query = request.query["q"], !query.isEmpty, query.count <= PlaceSearch.queryLimit else {
                return request.error(.badRequest, "q must be 1 to \(PlaceSearch.queryLimit) characters")
            }
            var json = JSONWriter(reservingCapacity: 2048)
            json.object { o in
                o.key("results")
                o.array { list in
                    for place in search.search(query) {
                        list.object { r in
                            r.key("type"); r.value(place.kind.rawValue)
                            r.key("id"); r.value(place.id)
                            r.key("name"); r.value(place.name)
                            let lines = place.kind == .busStop ? boards.busStop(place.id).map(routes(servingBusStop:)) ?? []
                                : boards.station(place.id).map(ingest.lines(of:)) ?? place.lines
                            r.key("lines"); r.array { list in for line in lines { list.value(line) } }
                            r.key("lat"); r.value(place.coordinate.latitude, decimals: 6)
                            r.key("lon"); r.value(place.coordinate.longitude, decimals: 6)
                        }
                    }
                }
            }
            return .json(json.bytes)
        }
    }

    /// `entrances` (with `--entrances` or the GTFS's own) and `elevators`, `elevators_stale`,
    /// `elevators_updated` (with `--elevator-equipment` or the GTFS's pathways) of the station `id`
    /// names, as this tick sees them.
    private func writeAccess(of id: String, at tick: TickResult, to o: inout JSONWriter) {
        guard let access else { return }
        let network = boards.network
        if servesEntrances {
            o.key("entrances")
            o.array { list in
                for entrance in access.access(of: id, in: network)?.entrances ?? [] {
                    list.object { e in
                        entrance.writeMembers(to: &e)
                        e.key("lat"); e.value(entrance.latitude, decimals: 6)
                        e.key("lon"); e.value(entrance.longitude, decimals: 6)
                    }
                }
            }
        }
        if servesElevators,
           let elevators = tick.stationElevators(id, access: access, network: network) {
            elevators.writeMembers(to: &o)
        }
    }

    /// A FeatureCollection of points, one per station.
    func stationsGeoJSON(_ stations: [Station]) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: stations.count * 200)
        json.pointFeatureCollection(stations, coordinate: { $0.coordinate }, properties: writeStationFields)
        return json.bytes
    }

    /// `id`, `name`, `lines` (`FeedIngest.lines(of:)`: static, with realtime's), `stations` (the
    /// GTFS stations it joins), `platforms` and `ada` (step-free access, omitted when unknown),
    /// shared by the list and the one-station answer.
    private func writeStationFields(_ station: Station, to json: inout JSONWriter) {
        json.key("id"); json.value(station.id)
        json.key("name"); json.value(station.name)
        json.key("lines"); json.array { lines in for route in ingest.lines(of: station) { lines.value(route) } }
        json.key("stations"); json.array { ids in for member in station.memberStations { ids.value(member) } }
        json.key("platforms"); json.array { ids in for platform in station.platforms { ids.value(platform) } }
        if let access = station.wheelchairAccess { json.key("ada"); json.value(access.rawValue) }
    }
}
