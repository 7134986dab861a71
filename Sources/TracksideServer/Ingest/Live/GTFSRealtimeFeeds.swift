import Foundation

/// Any agency's live GTFS-realtime feeds (`--source gtfs-rt:URL[,URL…]`) as poll endpoints: each URL
/// serves a `FeedMessage` (VehiclePositions, TripUpdates or both, as the agency publishes them), and
/// an item written `alerts=URL` one of service alerts. Feeds are named by their place in the list
/// (`rt1`, `rt2`, …; `alerts1`, …), which is also the prefix of their recorded files.
public struct GTFSRealtimeFeeds: Equatable, Sendable {
    /// Most feeds one source polls (each is a thread and a connection).
    public static let maximumFeeds = 16

    public var vehicleFeeds: [URL]
    public var alertFeeds: [URL]

    /// A list that cannot be polled, said in one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses the comma-separated list after `gtfs-rt:` (a comma inside a URL is written `%2C`).
    public init(parsing list: String) throws(Failure) {
        var vehicleFeeds: [URL] = [], alertFeeds: [URL] = []
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let text = item.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("alerts=") {
                alertFeeds.append(try Self.url(String(text.dropFirst("alerts=".count))))
            } else {
                vehicleFeeds.append(try Self.url(text))
            }
        }
        guard !vehicleFeeds.isEmpty else { throw Failure(description: "gtfs-rt: needs at least one vehicle feed URL") }
        guard vehicleFeeds.count + alertFeeds.count <= Self.maximumFeeds else {
            throw Failure(description: "gtfs-rt: takes at most \(Self.maximumFeeds) feeds")
        }
        self.vehicleFeeds = vehicleFeeds
        self.alertFeeds = alertFeeds
    }

    /// The endpoints to poll: vehicle feeds every `interval` seconds, alert feeds every `alertsInterval`,
    /// each fetch sending `headers` (`--feed-header`).
    public func endpoints(interval: Double, alertsInterval: Double, headers: [FeedRequestHeader] = []) -> [FeedEndpoint] {
        vehicleFeeds.enumerated().map { index, url in
            FeedEndpoint(feedID: "rt\(index + 1)", url: url, format: .gtfsRealtime, interval: interval, headers: headers)
        } + alertFeeds.enumerated().map { index, url in
            FeedEndpoint(feedID: "alerts\(index + 1)", url: url, format: .gtfsRealtime, kind: .alerts, interval: alertsInterval,
                         headers: headers)
        }
    }

    /// The list as `--source` takes it after `gtfs-rt:`.
    public var list: String {
        (vehicleFeeds.map(\.absoluteString) + alertFeeds.map { "alerts=" + $0.absoluteString }).joined(separator: ",")
    }

    private static func url(_ text: String) throws(Failure) -> URL {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
            throw Failure(description: "bad feed URL '\(text.prefix(200))': expected http:// or https://")
        }
        return url
    }
}
