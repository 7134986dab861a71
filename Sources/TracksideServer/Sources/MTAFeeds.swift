import Foundation

/// The MTA's public feeds as poll endpoints, with documented defaults that tests and users
/// can point elsewhere (a local server, a mirror).
public struct MTAFeeds: Sendable {
    /// The GTFS-realtime base: subway feeds are `<base>nyct%2Fgtfs-ace` etc., alerts
    /// `<base>camsys%2Fsubway-alerts`. No key is needed.
    public static let defaultSubwayBase = "https://api-endpoint.mta.info/Dataservice/mtagtfsfeeds/"
    /// Bus Time SIRI VehicleMonitoring (JSON, version 2); needs `MTA_BUS_TIME_KEY`.
    public static let defaultBusTimeURL = "https://bustime.mta.info/api/siri/vehicle-monitoring.json"
    /// Bus Time's terms forbid polling faster than every 30 s.
    public static let busTimeMinimumInterval = 30.0

    /// The eight subway feeds: feed id → path after the base.
    static let subwayFeeds: [(id: String, path: String)] = [
        ("ace", "nyct%2Fgtfs-ace"), ("bdfm", "nyct%2Fgtfs-bdfm"), ("g", "nyct%2Fgtfs-g"), ("jz", "nyct%2Fgtfs-jz"),
        ("nqrw", "nyct%2Fgtfs-nqrw"), ("l", "nyct%2Fgtfs-l"), ("1234567", "nyct%2Fgtfs"), ("si", "nyct%2Fgtfs-si"),
    ]

    public var subwayBase = defaultSubwayBase
    public var busTimeURL = defaultBusTimeURL
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
                                      format: .gtfsRealtime, interval: alertsInterval))
        if let busTimeKey {
            guard var components = URLComponents(string: busTimeURL) else {
                throw Failure(description: "bad Bus Time URL '\(busTimeURL)'")
            }
            components.queryItems = (components.queryItems ?? []) + [
                URLQueryItem(name: "key", value: busTimeKey), URLQueryItem(name: "version", value: "2"),
            ]
            endpoints.append(FeedEndpoint(feedID: "siri-vm", url: try Self.url(components.string ?? ""), format: .siri,
                                          interval: max(busInterval, Self.busTimeMinimumInterval)))
        }
        return endpoints
    }

    private static func url(_ text: String) throws(Failure) -> URL {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw Failure(description: "bad feed URL '\(text)': expected http:// or https://")
        }
        return url
    }
}
