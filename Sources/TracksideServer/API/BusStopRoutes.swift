import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs the bus stops: `GET /api/bus-stops?bbox=` (GeoJSON of the stops in a box),
    /// `GET /api/bus-stops/{id}` (one stop with its board and its routes' `route_labels`) and `GET /api/bus-stops/{id}/arrivals`
    /// (the board alone, the shape of a station's). Bus stops are apart from `/api/stations`:
    /// a city has ten times more of them, so they are only listed a box at a time.
    func installBusStopRoutes(on router: Router) {
        let stops = boards.network.busStops
        router.get("/api/bus-stops") { [self] request in
            do throws(PushRequestError) {
                let box = try ClientRequest.boundingBox(query: request.query["bbox"])
                let body = busStopsGeoJSON(stops.filter { box.contains($0.coordinate) })
                try configuration.limits.checkBytes(body.count, of: "bus stops")
                return .json(body)
            } catch {
                return Self.errorResponse(error)
            }
        }
        router.get("/api/bus-stops/{id}") { [self] request in
            Self.withPlaceID(of: request) { id in
                guard let stop = boards.busStop(id), let board = latestTick.board(id, busStop: true, from: boards)
                else { return request.error(.notFound, "no bus stop \(id)") }
                var json = JSONWriter(reservingCapacity: 1024)
                json.object { o in
                    writeBusStopFields(stop, to: &o)
                    o.key("lat"); o.value(stop.coordinate.latitude, decimals: 6)
                    o.key("lon"); o.value(stop.coordinate.longitude, decimals: 6)
                    writeRouteLabels(of: routes(servingBusStop: stop), to: &o)
                    o.key("arrivals"); board.writeJSON(to: &o)
                }
                return .json(json.bytes)
            }
        }
        router.get("/api/bus-stops/{id}/arrivals") { [self] request in
            Self.withPlaceID(of: request) { id in
                guard let board = latestTick.board(id, busStop: true, from: boards) else {
                    return request.error(.notFound, "no bus stop \(id)")
                }
                return .json(ServerMessage.arrivals(board))
            }
        }
    }

    /// `route_labels`: each of `routes`' label members (short name, colours) by route id, so a page
    /// names every line of a stop or station as riders do, arrivals or not; absent when none has a
    /// label (the NYCT profile's routes are their ids).
    func writeRouteLabels(of routes: [String], to o: inout JSONWriter) {
        let labelled = routes.compactMap { route in boards.network.label(ofRoute: route).map { (route, $0) } }
        guard !labelled.isEmpty else { return }
        o.key("route_labels")
        o.object { labels in
            for (route, label) in labelled {
                labels.key(route); labels.object { l in label.writeMembers(to: &l) }
            }
        }
    }

    /// The routes serving `stop`: its stop_times' where the GTFS has them, else those the
    /// realtime feeds have shown calling there so far.
    func routes(servingBusStop stop: BusStop) -> [String] {
        stop.scheduledRoutes ?? ingest.routesSeen(at: stop.id)
    }

    /// A FeatureCollection of points, one per bus stop.
    private func busStopsGeoJSON(_ stops: [BusStop]) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 256 + stops.count * 160)
        json.pointFeatureCollection(stops, coordinate: { $0.coordinate }, properties: writeBusStopFields)
        return json.bytes
    }

    /// `id`, `name`, `routes` and `routes_from` (`stop_times` or `realtime`), shared by the list
    /// and the one-stop answer.
    private func writeBusStopFields(_ stop: BusStop, to json: inout JSONWriter) {
        json.key("id"); json.value(stop.id)
        json.key("name"); json.value(stop.name)
        json.key("routes"); json.array { list in for route in routes(servingBusStop: stop) { list.value(route) } }
        json.key("routes_from"); json.value(stop.scheduledRoutes == nil ? "realtime" : "stop_times")
    }
}
