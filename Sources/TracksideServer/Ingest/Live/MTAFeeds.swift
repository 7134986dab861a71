import Foundation

/// The MTA's public feeds as poll endpoints, with documented defaults that tests and users
/// can point elsewhere (a local server, a mirror).
public struct MTAFeeds: Sendable {
    /// The GTFS-realtime base: subway feeds are `<base>nyct%2Fgtfs-ace` etc., alerts
    /// `<base>camsys%2Fsubway-alerts`. No key is needed.
    public static let defaultSubwayBase = "https://api-endpoint.mta.info/Dataservice/mtagtfsfeeds/"
    /// Bus Time SIRI VehicleMonitoring (JSON, version 2); needs `MTA_BUS_TIME_KEY`.
    public static let defaultBusTimeURL = "https://bustime.mta.info/api/siri/vehicle-monitoring.json"
    /// Bus Time SIRI StopMonitoring (JSON, version 2), one request per monitored stop.
    public static let defaultStopMonitoringURL = "https://bustime.mta.info/api/siri/stop-monitoring.json"
    /// Most bus stops polled with StopMonitoring: each is a request every `busInterval`, and
    /// Bus Time limits the requests of a key.
    public static let maximumMonitoredStops = 20
    /// Bus Time's terms forbid polling faster than every 30 s.
    public static let busTimeMinimumInterval = 30.0

    /// The eight subway feeds: feed id → path after the base.
    static let subwayFeeds: [(id: String, path: String)] = [
        ("ace", "nyct%2Fgtfs-ace"), ("bdfm", "nyct%2Fgtfs-bdfm"), ("g", "nyct%2Fgtfs-g"), ("jz", "nyct%2Fgtfs-jz"),
        ("nqrw", "nyct%2Fgtfs-nqrw"), ("l", "nyct%2Fgtfs-l"), ("1234567", "nyct%2Fgtfs"), ("si", "nyct%2Fgtfs-si"),
    ]

    public var subwayBase = defaultSubwayBase
    public var busTimeURL = defaultBusTimeURL
    public var stopMonitoringURL = defaultStopMonitoringURL
    /// Bus stop ids (GTFS, e.g. `404303`) polled with StopMonitoring for their boards, as feeds
    /// `siri-sm-<id>`; VehicleMonitoring alone names only each bus's next stop.
    public var monitoredStops: [String] = []
    /// Asks VehicleMonitoring for every bus's onward calls (`VehicleMonitoringDetailLevel=calls`):
    /// boards for every stop, at the cost of a response several times larger.
    public var vehicleCalls = false
    /// Nil skips buses.
    public var busTimeKey: String?
    public var subwayInterval = 15.0
    public var alertsInterval = 60.0
    public var busInterval = 30.0

    /// A feed set that cannot be polled, said in one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(busTimeKey: String?) {
        self.busTimeKey = busTimeKey
    }

    /// The endpoints to poll; buses only with a key, never faster than Bus Time allows.
    public func endpoints() throws(Failure) -> [FeedEndpoint] {
        var endpoints = try Self.subwayFeeds.map { feed throws(Failure) in
            FeedEndpoint(feedID: feed.id, url: try Self.url(subwayBase + feed.path), format: .gtfsRealtime,
                         interval: subwayInterval)
        }
        endpoints.append(FeedEndpoint(feedID: "subway-alerts", url: try Self.url(subwayBase + "camsys%2Fsubway-alerts"),
                                      format: .gtfsRealtime, kind: .alerts, interval: alertsInterval))
        if let busTimeKey {
            let interval = max(busInterval, Self.busTimeMinimumInterval)
            let calls = vehicleCalls ? [URLQueryItem(name: "VehicleMonitoringDetailLevel", value: "calls")] : []
            endpoints.append(FeedEndpoint(feedID: "siri-vm", url: try Self.busTimeURL(busTimeURL, key: busTimeKey, adding: calls),
                                          format: .siri, interval: interval))
            guard monitoredStops.count <= Self.maximumMonitoredStops else {
                throw Failure(description: "at most \(Self.maximumMonitoredStops) bus stops can be monitored, got \(monitoredStops.count)")
            }
            for stop in monitoredStops {
                guard Self.isMonitorableStopID(stop) else {
                    throw Failure(description: "bad bus stop id '\(stop.prefix(40))' to monitor: expected 1 to 32 letters, digits, '_', '-' or '.'")
                }
                let url = try Self.busTimeURL(stopMonitoringURL, key: busTimeKey, adding: [URLQueryItem(name: "MonitoringRef", value: stop)])
                endpoints.append(FeedEndpoint(feedID: "siri-sm-\(stop)", url: url, format: .siri, interval: interval))
            }
        }
        return endpoints
    }

    /// Whether `stop` can be monitored: a well-formed stop id, as clients send them (`ClientRequest.stationID`).
    public static func isMonitorableStopID(_ stop: String) -> Bool {
        (try? ClientRequest.stationID(stop)) != nil
    }

    /// A Bus Time URL with the key, SIRI version 2 and `extra` added to its query.
    private static func busTimeURL(_ text: String, key: String, adding extra: [URLQueryItem]) throws(Failure) -> URL {
        guard var components = URLComponents(string: text) else {
            throw Failure(description: "bad Bus Time URL '\(text)'")
        }
        components.queryItems = (components.queryItems ?? []) + extra + [
            URLQueryItem(name: "key", value: key), URLQueryItem(name: "version", value: "2"),
        ]
        return try url(components.string ?? "")
    }

    private static func url(_ text: String) throws(Failure) -> URL {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw Failure(description: "bad feed URL '\(text)': expected http:// or https://")
        }
        return url
    }
}
