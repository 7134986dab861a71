import Foundation
import TracksideCommandLine
import TracksideServer
import WebSocketServer

/// `trackside record --source mta --out DIR [--duration 1h]`: stores the live feeds' raw
/// responses with their fetch times, as a folder `serve --source replay:DIR` plays back.
struct RecordCommand: CLICommand {
    static let name = "record"
    static let summary = "record the live MTA feeds' raw responses into a folder replay:DIR plays"

    static let source = Option<String>("source", "SOURCE", default: "mta", expected: "mta",
                                       help: "what to record; only the live MTA feeds for now") { $0 == "mta" ? $0 : nil }
    static let out = Option<String?>.text("out", "DIR", shown: "none: required", help: "the folder the responses are written into")
    static let duration = Option<Double>("duration", "TIME", default: 3600, shown: "1h",
                                         expected: "a positive duration: 90s, 30m, 1h or seconds",
                                         help: "how long to record", parse: parseDuration)

    static let groups = [
        OptionGroup("Recording", [source.declaration, out.declaration, duration.declaration]),
        LiveFeedOptions.group,
        LogOptions.group,
        OptionGroup("Configuration", [ConfigurationFile.option.declaration]),
    ]

    static var usage: String {
        """
        Usage: trackside record --source mta --out DIR [--duration 1h] [options]

        Polls the eight subway GTFS-realtime feeds and the subway alerts (no key needed) and, with a
        Bus Time key, Bus Time SIRI VehicleMonitoring; writes every response to
        DIR/<feed id>_<YYYYMMDDTHHMMSS>.<pb|json> (fetch time, New York local time). Failed fetches
        are written as empty files; 304 Not Modified writes nothing. Options are read like serve's:
        flag, then TRACKSIDE_<NAME>, then the --config file.

        \(OptionHelp.text(groups))
        """
    }

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        let options = try ResolvedOptions(groups: groups, arguments: arguments.unparsed,
                                          environment: ProcessInfo.processInfo.environment)
        if let extra = options.positionals.first { throw OptionError("unexpected argument '\(extra)'") }
        guard let out = options[out] else { throw OptionError("--out DIR is required") }
        let feeds = LiveFeedOptions.feeds(options)
        let logger = LogOptions.logger(options)
        // serve's variables may well be set in the same environment: only a name neither reads is a typo.
        let serveVariables = Set(ServeOptions.groups.flatMap { $0.options }.flatMap { $0.environmentNames })
        for variable in options.unknownVariables where !serveVariables.contains(variable) {
            logger.warning("unknown environment variable \(variable) ignored")
        }

        let endpoints: [FeedEndpoint]
        let recorder: FeedRecorder
        do {
            endpoints = try feeds.endpoints()
            recorder = try FeedRecorder(directory: URL(fileURLWithPath: out))
        } catch {
            throw OptionError("\(error)")
        }
        if feeds.busTimeKey == nil { logger.warning("MTA_BUS_TIME_KEY is not set: buses are not recorded") }
        let source = PollingSource(endpoints: endpoints, timeout: options[LiveFeedOptions.fetchTimeout], logger: logger)
        source.start { payload in
            guard payload.content != .notModified else { return }
            do {
                let file = try recorder.record(payload, fetchedAt: Date().timeIntervalSince1970)
                logger.info("recorded \(file.lastPathComponent) (\(payload.bytes.count) bytes)", [("feed", payload.feedID)])
            } catch {
                logger.error("cannot write \(payload.feedID) into \(out): \(error.localizedDescription)", [("feed", payload.feedID)])
            }
        }
        Thread.sleep(forTimeInterval: options[duration])
        source.stop()
        return 0
    }

    /// `90s`, `30m`, `1h`, or plain seconds; positive.
    @Sendable private static func parseDuration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        let (number, unit) = text.last.flatMap { units[$0] }.map { (text.dropLast(), $0) } ?? (Substring(text), 1)
        return Double(number).flatMap { $0 > 0 && $0.isFinite ? $0 * unit : nil }
    }
}
