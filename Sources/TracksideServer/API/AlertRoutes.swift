import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs `GET /api/alerts?route=A&station=127&when=now`: the alerts in force now or later
    /// at the latest tick (the same the pushes came from), filtered, with the alerts feed's header time and whether it is stale.
    /// A malformed filter is a 400, a station the network does not know a 404.
    func installAlertRoutes(on router: Router) {
        router.get("/api/alerts") { [self] request in
            let query: AlertQuery
            do throws(PushRequestError) {
                query = try AlertQuery(route: request.query["route"], station: request.query["station"],
                                       when: request.query["when"])
            } catch {
                return Self.errorResponse(error)
            }
            if let station = query.station, boards.station(station) == nil {
                return request.error(.notFound, "no station \(station)")
            }
            let tick = latestTick
            let now = tick.feedTime
            let snapshot = tick.alertFeeds
            let alerts = tick.alerts.filter(query.matches)
            var json = JSONWriter(reservingCapacity: 256 + alerts.count * 1024)
            json.object { o in
                o.key("ts"); o.value(Int64(now.rounded(.down)))
                o.key("timestamp"); if let timestamp = snapshot.timestamp { o.value(timestamp.rounded(.down)) } else { o.null() }
                o.key("stale"); o.value(snapshot.isStale)
                o.key("alerts"); o.array { list in for alert in alerts { alert.writeJSON(to: &list) } }
            }
            return .json(json.bytes)
        }
    }
}
