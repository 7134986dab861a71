import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs `GET /api/alerts?route=A&station=127&when=now`: the alerts in force now or later
    /// at the feeds' time, filtered, with the alerts feed's header time and whether it is stale.
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
            let now = source.feedTime(atWallTime: clock())
            let snapshot = ingest.alerts(feedTime: now, staleAfter: staleAfter)
            let alerts = servedAlerts.alerts(snapshot, now: now).filter(query.matches)
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

    /// The alerts affecting one station now, as `GET /api/stations/{id}` lists them, and whether
    /// an alerts feed is stale (so they may be out of date).
    func stationAlerts(_ station: String, now: Double) -> (alerts: [DisplayAlert], isStale: Bool) {
        let snapshot = ingest.alerts(feedTime: now, staleAfter: staleAfter)
        return (servedAlerts.alerts(snapshot, now: now).filter { $0.stations.contains(station) }, snapshot.isStale)
    }

    /// Hands the alerts to the push hub when they, or whether they are stale, changed (called by
    /// the tick, after the boards).
    func publishAlerts(at feedTime: Double) {
        let snapshot = ingest.alerts(feedTime: feedTime, staleAfter: staleAfter)
        guard let changed = servedAlerts.changedAlerts(snapshot, now: feedTime) else { return }
        push.updateAlerts(changed.alerts.map(PublishedAlert.init), stale: changed.isStale, now: feedTime)
    }
}
