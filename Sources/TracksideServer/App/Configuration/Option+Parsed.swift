import TransitEngine
import WebSocketServer

extension Option where Value == LogLevel {
    /// `--log-level`.
    static let logLevel = Option("log-level", "LEVEL", default: .info, shown: LogLevel.info.name,
                                 expected: LogLevel.allCases.map { $0.name }.joined(separator: ", "),
                                 help: "the least important events written: debug, info, warning or error") { LogLevel(name: $0) }
}

extension Option where Value == LogFormat {
    /// `--log-format`.
    static let logFormat = Option("log-format", "FORMAT", default: .text, shown: LogFormat.text.rawValue,
                                  expected: "text or json",
                                  help: "one line per event on standard error: text (time level message key=value) or json (one object per line)") {
        LogFormat(rawValue: $0)
    }
}

extension Option where Value == TracksideConfiguration.Source {
    /// `--source`.
    static let source = Option(
        "source", "SOURCE", default: .demo, shown: "demo", expected: "demo, sim, mta, gtfs-rt:URL[,URL…] or replay:DIR",
        help: "where vehicles come from: demo (simulated trains on the bundled 1 and 2 line timetable, offline, alive at any hour), "
            + "sim (the same simulator on the first --gtfs feed, which needs stop_times.txt), replay:DIR (recorded feed files "
            + "*.pb/*.json, optionally .gz, played in timestamp order as if live), mta (the live MTA feeds below) or "
            + "gtfs-rt:URL[,URL…] (any agency's live GTFS-realtime feeds, polled every --subway-interval; an item alerts=URL "
            + "is a service alerts feed, polled every --alerts-interval; feeds rt1, rt2, … and alerts1, …; needs --gtfs)") {
        try? TracksideConfiguration.Source(parsing: $0)
    }
}

extension Option where Value == UInt64 {
    /// `--sim-seed`.
    static let simulatorSeed = Option("sim-seed", "N", default: 1, expected: "an unsigned 64-bit integer",
                                      help: "the simulator's seed: the same seed gives the same delays", isNumeric: true) { UInt64($0) }
}

extension Option where Value == ProfileChoice {
    /// `--profile`.
    static let profile = Option("profile", "NAME", default: .auto, shown: "auto", expected: "auto, nyct or standard",
                                help: "the agency rules feeds are read with: auto (nyct for New York City Transit's GTFS, "
                                    + "standard for any other agency), nyct, or standard (plain GTFS and GTFS-realtime)") {
        ProfileChoice(rawValue: $0)
    }
}

extension Option where Value == Double? {
    /// `--sim-start`.
    static let simulatorStart = Option("sim-start", "UNIX_SECONDS", default: nil, shown: "now",
                                       expected: "seconds since the Unix epoch, from 0 to 253402300799",
                                       help: "the instant the simulator's clock starts at, then running at wall speed "
                                           + "(demo, sim): a timetable's daytime whatever the hour here", isNumeric: true) { text in
        Double(text).flatMap { $0.isFinite && (0...253_402_300_799).contains($0) ? $0 : nil }
    }
}
