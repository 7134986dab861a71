/// The live MTA feeds' options, shared by `serve --source mta` and `record`.
public enum LiveFeedOptions {
    private static let defaults = MTAFeeds(busTimeKey: nil)

    public static let subwayBase = Option<String>.url(
        "subway-base", default: MTAFeeds.defaultSubwayBase,
        help: "GTFS-realtime base URL: the eight subway feeds and the subway alerts are paths below it")
    public static let busTimeURL = Option<String>.url(
        "bus-time-url", default: MTAFeeds.defaultBusTimeURL, help: "Bus Time SIRI VehicleMonitoring URL")
    public static let busTimeKey = Option<String?>.text(
        "bus-time-key", "KEY", shown: "none: buses are skipped", environmentAliases: ["MTA_BUS_TIME_KEY"],
        help: "the MTA Bus Time API key; prefer the environment or the config file, command lines are visible to every user")
    public static let stopMonitoringURL = Option<String>.url(
        "stop-monitoring-url", default: MTAFeeds.defaultStopMonitoringURL, help: "Bus Time SIRI StopMonitoring URL")
    public static let monitoredBusStops = Option<[String]>.list(
        "monitor-bus-stop", "ID", shown: "none", expected: "a bus stop id (1 to 32 letters, digits, '_', '-' or '.')",
        help: "a bus stop also polled with SIRI StopMonitoring for its board (repeatable, at most \(MTAFeeds.maximumMonitoredStops); feed siri-sm-ID)",
        item: MTAFeeds.isMonitorableStopID)
    public static let busTimeCalls = Option<Bool>.flag(
        "bus-time-calls", help: "ask VehicleMonitoring for every bus's onward calls: boards at every stop, not only at each bus's next one, from responses several times larger")
    public static let subwayInterval = Option<Double>.number(
        "subway-interval", in: 1...3600, default: defaults.subwayInterval, help: "seconds between subway fetches (and those of --source gtfs-rt: vehicle feeds)")
    public static let alertsInterval = Option<Double>.number(
        "alerts-interval", in: 1...3600, default: defaults.alertsInterval, help: "seconds between alerts fetches (and those of --source gtfs-rt: alerts= feeds)")
    public static let busInterval = Option<Double>.number(
        "bus-interval", in: MTAFeeds.busTimeMinimumInterval...3600, default: defaults.busInterval,
        help: "seconds between bus fetches; Bus Time's terms forbid less than 30")
    public static let fetchTimeout = Option<Double>.number(
        "fetch-timeout", in: 0.1...3600, default: TracksideConfiguration(source: .demo, gtfsPaths: []).fetchTimeout,
        help: "seconds a fetch may take before it counts as failed")

    public static let group = OptionGroup("Live feeds (--source mta, record)", [
        subwayBase.declaration, busTimeURL.declaration, busTimeKey.declaration, busTimeCalls.declaration,
        stopMonitoringURL.declaration, monitoredBusStops.declaration, subwayInterval.declaration,
        alertsInterval.declaration, busInterval.declaration, fetchTimeout.declaration,
    ])

    /// The feed set the options describe.
    public static func feeds(_ options: ResolvedOptions) -> MTAFeeds {
        var feeds = MTAFeeds(busTimeKey: options[busTimeKey])
        feeds.subwayBase = options[subwayBase]
        feeds.busTimeURL = options[busTimeURL]
        feeds.vehicleCalls = options[busTimeCalls]
        feeds.stopMonitoringURL = options[stopMonitoringURL]
        feeds.monitoredStops = options[monitoredBusStops]
        feeds.subwayInterval = options[subwayInterval]
        feeds.alertsInterval = options[alertsInterval]
        feeds.busInterval = options[busInterval]
        return feeds
    }
}
