import TransitData
import WebSocketServer

/// The routes the app answers: the push stream, the REST API and the operations pages.
extension TracksideApp {
    /// Installs `/ws`, `/api/vehicles`, `/api/config`, `/api/feeds`, `/readyz`, `/metrics`, `/status`, the stations and bus stops, their boards and search, `/api/alerts` and `/api/routes`.
    public func installRoutes(on router: Router) {
        router.webSocket("/ws", configuration: webSocket, counters: webSocketCounters) { [push] session in
            let client = push.connect(session)
            session.onMessage = { message in
                switch message {
                case .text(let text): push.receive(text, from: client)
                case .binary: push.receiveBinary(from: client)
                }
            }
            session.onClose = { _, _ in push.disconnect(client) }
        }
        router.addDeferred("GET", "/api/vehicles") { [push] request, promise in
            let view: ClientRequest.ViewRequest
            do throws(PushRequestError) {
                view = try ClientRequest.ViewRequest(query: request.query["bbox"], layers: request.query["layers"],
                                                     routes: request.query["routes"])
            } catch {
                promise.succeed(Self.errorResponse(error))
                return
            }
            push.vehicleList(view) { result in
                switch result {
                case .success(let body): promise.succeed(.json(body))
                case .failure(let error): promise.succeed(Self.errorResponse(error))
                }
            }
        }
        let config = configBody
        router.get("/api/config") { _ in .json(config) }
        router.get("/api/feeds") { [self] _ in .json(feedsBody()) }
        installStationRoutes(on: router)
        installStationDirectoryRoutes(on: router)
        installBusStopRoutes(on: router)
        installAlertRoutes(on: router)
        installRouteShapesRoute(on: router)
        // Load balancers and Kubernetes keep an instance out of rotation until every feed has
        // delivered good, fresh data, and take it out again while any feed is stale.
        router.get("/readyz") { [self] _ in
            let readiness = readiness()
            return .json(readiness.json, status: readiness.isReady ? .ok : .serviceUnavailable)
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
        json.object { o in
            o.key("source"); o.value(source.kind)
            o.key("version"); o.value(configuration.announcedVersion)
            o.key("timezone"); if let timeZoneIdentifier { o.value(timeZoneIdentifier) } else { o.null() }
            o.key("basemap"); o.null()
            o.key("vehicle_max_span_km"); o.value(8)
            o.key("bus_max_span_km"); o.value(3)
        }
        return json.bytes
    }

    func feedsBody() -> [UInt8] {
        var json = JSONWriter()
        json.object { o in
            o.key("feeds")
            o.array { a in
                for feed in feedStatus(atWallTime: clock()) {
                    a.object { f in
                        f.key("id"); f.value(feed.id)
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
