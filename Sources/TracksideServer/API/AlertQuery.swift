import TransitEngine

/// The filters of `GET /api/alerts`: `route=A,C`, `station=127`, `when=now,later_today`. Each
/// is optional; given together, an alert must pass them all.
struct AlertQuery: Equatable, Sendable {
    /// Alerts affecting any of these routes; nil: any route.
    var routes: Set<String>?
    /// Alerts affecting this station (a parent station id); nil: any station.
    var station: String?
    /// Alerts whose `when` is one of these; nil: any.
    var timings: Set<AlertTiming>?

    /// Most routes or timings one query may list.
    static let maximumListLength = 32

    init(routes: Set<String>? = nil, station: String? = nil, timings: Set<AlertTiming>? = nil) {
        self.routes = routes
        self.station = station
        self.timings = timings
    }

    /// Validates the query parameters; anything malformed is a `bad_request` saying what.
    init(route: String?, station: String?, when: String?) throws(PushRequestError) {
        if let route {
            var routes: Set<String> = []
            for name in try Self.list(route, parameter: "route") { routes.insert(try ClientRequest.routeID(name)) }
            self.routes = routes
        }
        if let station { self.station = try ClientRequest.stationID(station) }
        if let when {
            var timings: Set<AlertTiming> = []
            for name in try Self.list(when, parameter: "when") {
                guard let timing = AlertTiming(rawValue: name) else {
                    let expected = AlertTiming.allCases.map(\.rawValue).joined(separator: ", ")
                    throw PushRequestError(.badRequest, "unknown when \"\(name.prefix(32))\"; expected \(expected)")
                }
                timings.insert(timing)
            }
            self.timings = timings
        }
    }

    func matches(_ alert: DisplayAlert) -> Bool {
        (routes.map { wanted in alert.routes.contains(where: wanted.contains) } ?? true)
            && (station.map(alert.stations.contains) ?? true)
            && (timings.map { $0.contains(alert.when) } ?? true)
    }

    private static func list(_ text: String, parameter: String) throws(PushRequestError) -> [String] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard names.count <= maximumListLength else {
            throw PushRequestError(.badRequest, "\(parameter) lists at most \(maximumListLength) values")
        }
        return names
    }
}
