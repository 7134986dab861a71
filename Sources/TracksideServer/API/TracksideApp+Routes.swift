import TransitData
import WebSocketServer

/// The routes the app answers: the push stream, the REST API and the operations pages.
extension TracksideApp {
    /// `/ws`'s transport settings: `webSocket` with messages bounded by the push protocol's own
    /// limit, so a compressed message is refused (1009) once it has inflated past
    /// `ClientRequest.maximumLength` bytes rather than after `--max-message-size`.
    var pushRoute: WebSocketConfiguration {
        var route = webSocket
        route.maximumMessageSize = min(webSocket.maximumMessageSize, ClientRequest.maximumLength)
        return route
    }

    /// Installs `/ws`, `/api/vehicles`, `/api/config`, `/api/feeds`, `/readyz`, `/metrics`, `/status`, the stations and bus stops, their boards and search, `/api/alerts` and `/api/routes`.
    public func installRoutes(on router: Router) {
        router.webSocket("/ws", configuration: pushRoute, counters: webSocketCounters) { [push] session in
            let client = push.connect(session)
            session.onMessage = { message in
                switch message {
                case .text(let text): push.receive(text, from: client)
                case .binary(let bytes): push.receiveBinary(bytes.count, from: client)
                }
            }
            // A close the client causes goes out after the answers to its earlier messages.
            session.onPeerClosing = { repliesSent in push.whenAnswered(client, repliesSent) }
            session.onClose = { _, _ in push.disconnect(client) }
        }
        installVehicleList("/api/vehicles", on: router, contentType: "application/json", encode: ServerMessage.vehicleList)
        installVehicleList("/api/vehicles.geojson", on: router, contentType: "application/geo+json",
                           encode: VehicleGeoJSON.featureCollection)
        router.addDeferred("GET", VehiclePositionsFeed.path) { [vehiclePositions] request, promise in
            vehiclePositions.respond(to: request) { promise.succeed($0) }
        }
        installVehicleRoutes(on: router)
        let config = configBody
        router.get("/api/config") { _ in .json(config) }
        router.get("/api/feeds") { [self] _ in .json(feedsBody()) }
        installStationRoutes(on: router)
        installStationDirectoryRoutes(on: router)
        installEntranceRoutes(on: router)
        installBusStopRoutes(on: router)
        installAlertRoutes(on: router)
        installRouteShapesRoute(on: router)
        // Load balancers and Kubernetes keep an instance out of rotation until every feed has
        // delivered good, fresh data, and take it out again while any feed is stale; `?strict=1`
        // also while a feed is degraded (its trips miss the static GTFS).
        router.get("/readyz") { [self] request in
            let readiness = readiness(), strict = request.query["strict"] == "1"
            return .json(readiness.json(strict: strict), status: readiness.isReady(strict: strict) ? .ok : .serviceUnavailable)
        }
        router.get("/metrics") { [self] _ in
            HTTPResponse(headers: HTTPHeaders([("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]),
                         body: Array(metricsText().utf8))
        }
        router.get("/status") { [self] request in
            var response = HTTPResponse(headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
                                        body: Array(statusPage().html.utf8))
            configuration.framing.apply(to: &response, for: request.path)
            return response
        }
    }

    var configBody: [UInt8] {
        var json = JSONWriter()
        let summary = source.summary
        json.object { o in
            o.key("source"); o.value(source.kind)
            o.key("simulated_routes")
            if let routes = summary.simulatedRoutes { o.array { a in for route in routes { a.value(route) } } } else { o.null() }
            o.key("recording")
            if let recorded = summary.recorded {
                o.object { r in
                    r.key("start"); r.value(recorded.lowerBound.rounded(.down), decimals: 0)
                    r.key("end"); r.value(recorded.upperBound.rounded(.down), decimals: 0)
                    r.key("speed"); r.value(summary.speed ?? 1)
                    r.key("loops"); r.value(summary.loops)
                }
            } else {
                o.null()
            }
            o.key("unavailable_layers")
            o.object { u in
                for (layer, reason) in unavailableLayers(summary) { u.key(layer); u.value(reason) }
            }
            o.key("version"); o.value(configuration.announcedVersion)
            o.key("timezone"); if let timeZoneIdentifier { o.value(timeZoneIdentifier) } else { o.null() }
            let network = boards.network
            o.key("agency"); if let agencyName { o.value(agencyName) } else { o.null() }
            o.key("title"); o.value(agencyName.map { "Trackside — live \($0)" } ?? "Trackside")
            o.key("profile"); o.value(network.profile.name)
            o.key("modes")
            o.array { a in for kind in Set(network.routes.values.compactMap(\.kind)).map(\.rawValue).sorted() { a.value(kind) } }
            o.key("initial_view")
            if let extent = network.extent {
                o.object { v in
                    v.key("center"); v.array { c in c.value(extent.center.longitude, decimals: 5); c.value(extent.center.latitude, decimals: 5) }
                    v.key("zoom"); v.value(14)
                    v.key("bounds")
                    v.array { b in
                        for corner in [extent.southWest, extent.northEast] {
                            b.array { c in c.value(corner.longitude, decimals: 5); c.value(corner.latitude, decimals: 5) }
                        }
                    }
                }
            } else {
                o.null()
            }
            // The bundled land under the map (NYC's five boroughs), only for a network in New York City.
            o.key("land"); if network.profile.drawsNYCLand { o.value("nyc-boroughs") } else { o.null() }
            o.key("basemap"); if let style = configuration.baseMapStyle { o.value(style) } else { o.null() }
            // The bundled base map is New York's: announced only where `land` says NYC land belongs.
            o.key("offline_basemap")
            if let manifest = configuration.offlineBaseMap, network.profile.drawsNYCLand { o.value(manifest) } else { o.null() }
            // The page draws subway trains from the zoom where the city fits a screen, buses from where their
            // pills are legible; the server bounds each view by vehicles and bytes (docs/PROTOCOL.md).
            // Whether `/api/entrances` has entrances (`--entrances`) and stations list elevators (`--elevator-equipment`).
            o.key("entrances"); o.value(servesEntrances)
            o.key("elevators"); o.value(servesElevators)
            o.key("subway_min_zoom"); o.value(9)
            o.key("bus_min_zoom"); o.value(14)
        }
        return json.bytes
    }

    /// The page's layers this server has no data for, with why (`/api/config`'s `unavailable_layers`).
    private func unavailableLayers(_ summary: SourceSummary) -> [(layer: String, reason: String)] {
        var layers: [(layer: String, reason: String)] = []
        let network = boards.network
        let feedsMayCarryBuses = summary.simulatedRoutes == nil && !network.profile.separatesBusFeeds
            && network.routes.values.contains { $0.kind?.isRoadVehicle ?? false }
        if !summary.carriesBuses && !feedsMayCarryBuses {
            let reason = if let routes = summary.simulatedRoutes {
                "The demo simulates only the \(routes.dropLast().joined(separator: ", "))\(routes.count > 1 ? " and " : "")\(routes.last ?? "") trains"
            } else if summary.recorded != nil {
                "This recording has no buses"
            } else {
                "No bus feed: the server needs an MTA Bus Time key (MTA_BUS_TIME_KEY)"
            }
            layers.append(("buses", reason))
        }
        if network.busStops.isEmpty { layers.append(("bus_stops", "No bus timetable is loaded on the server")) }
        return layers
    }

    func feedsBody() -> [UInt8] {
        var json = JSONWriter()
        json.object { o in
            o.key("feeds")
            o.array { a in
                let matches = ingest.tripMatch
                for feed in withStream(latestTick.feedStatus, at: clock()) {
                    a.object { f in
                        f.key("id"); f.value(feed.id)
                        if let match = matches[feed.id] {
                            f.key("trips"); f.value(match.trips)
                            f.key("matched_trips"); f.value(match.matched)
                            f.key("warning"); if let warning = match.warning { f.value(warning) } else { f.null() }
                        }
                        f.key("age"); if let age = feed.age { f.value(age, decimals: 0) } else { f.null() }
                        f.key("stale"); f.value(feed.isStale)
                        f.key("stale_after"); f.value(feed.staleAfter, decimals: 0)
                        f.key("failure"); if let failure = feed.failure { f.value(failure) } else { f.null() }
                        f.key("last_failure")
                        if let reason = feed.lastFailure, let at = feed.lastFailureAt {
                            f.object { l in
                                l.key("reason"); l.value(reason)
                                l.key("at"); l.value(at, decimals: 3)
                            }
                        } else {
                            f.null()
                        }
                        f.key("accepted"); f.value(feed.accepted)
                        f.key("duplicates"); f.value(feed.duplicates)
                        f.key("failures"); f.value(feed.failures)
                    }
                }
            }
        }
        return json.bytes
    }

    /// `GET path?bbox=…` (or `region=all`)`&layers=…&routes=…`: the latest tick's published vehicles in the view, validated and
    /// limited as a subscription to it is, encoded by `encode` (`/api/vehicles` and its GeoJSON export).
    private func installVehicleList(_ path: String, on router: Router, contentType: String,
                                    encode: @escaping @Sendable (VehicleListing) -> [UInt8]) {
        router.addDeferred("GET", path) { [push] request, promise in
            let view: ClientRequest.ViewRequest
            do throws(PushRequestError) {
                view = try ClientRequest.ViewRequest(query: request.query["bbox"], region: request.query["region"],
                                                     layers: request.query["layers"], routes: request.query["routes"])
            } catch {
                promise.succeed(Self.errorResponse(error))
                return
            }
            push.vehicleList(view, encode: encode) { result in
                switch result {
                case .success(let body):
                    promise.succeed(HTTPResponse(headers: HTTPHeaders([("Content-Type", contentType)]), body: body))
                case .failure(let error): promise.succeed(Self.errorResponse(error))
                }
            }
        }
    }

    static func errorResponse(_ error: PushRequestError) -> HTTPResponse {
        .error(.badRequest, code: error.code.rawValue, message: error.message, json: true)
    }

    /// `respond(id)` for the request's `{id}` when it is a well-formed station or stop id (the
    /// station, board and bus-stop routes all take one), else the `400 bad_request` saying why.
    static func withPlaceID(of request: RoutedRequest, respond: (String) -> HTTPResponse) -> HTTPResponse {
        do throws(PushRequestError) {
            return respond(try ClientRequest.stationID(request.parameters["id"] ?? ""))
        } catch {
            return errorResponse(error)
        }
    }
}
