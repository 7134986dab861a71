import Foundation
import TracksideServer

/// The live-feed options `serve --source mta` and `record --source mta` share.
struct MTAFeedOptions {
    var feeds: MTAFeeds
    /// Request timeout in seconds.
    var timeout: Double

    /// The options' help lines, indented like the commands' other options.
    static let usage = """
          --subway-base URL      GTFS-realtime base URL (default \(MTAFeeds.defaultSubwayBase))
          --bus-time-url URL     SIRI VehicleMonitoring URL (default \(MTAFeeds.defaultBusTimeURL));
                                 buses are polled only when MTA_BUS_TIME_KEY is set
          --subway-interval S    seconds between subway fetches (default 15, at least 1)
          --alerts-interval S    seconds between alerts fetches (default 60, at least 1)
          --bus-interval S       seconds between bus fetches (default 30; never below 30)
          --fetch-timeout S      request timeout in seconds (default 10)
        """

    /// Consumes the options; the Bus Time key comes from the environment, not the command line.
    init(_ arguments: inout ArgumentList, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let seconds: (String) -> Double? = { Double($0).flatMap { $0 >= 1 && $0 <= 3600 ? $0 : nil } }
        feeds = MTAFeeds(busTimeKey: environment["MTA_BUS_TIME_KEY"].flatMap { $0.isEmpty ? nil : $0 })
        feeds.subwayBase = try arguments.value("subway-base") ?? feeds.subwayBase
        feeds.busTimeURL = try arguments.value("bus-time-url") ?? feeds.busTimeURL
        feeds.subwayInterval = try arguments.value("subway-interval", default: feeds.subwayInterval, seconds)
        feeds.alertsInterval = try arguments.value("alerts-interval", default: feeds.alertsInterval, seconds)
        feeds.busInterval = try arguments.value("bus-interval", default: feeds.busInterval, seconds)
        timeout = try arguments.value("fetch-timeout", default: 10.0, seconds)
    }
}
