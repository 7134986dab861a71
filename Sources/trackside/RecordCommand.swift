import Foundation
import TracksideServer
import WebSocketServer

/// `trackside record --source mta --out DIR [--duration 1h]`: stores the live feeds' raw
/// responses with their fetch times, as a folder `serve --source replay:DIR` plays back.
struct RecordCommand: CLICommand {
    static let name = "record"
    static let summary = "record the live MTA feeds' raw responses into a folder replay:DIR plays"
    static let usage = """
        Usage: trackside record --source mta --out DIR [--duration 1h] [options]

        Polls the eight subway GTFS-realtime feeds and the subway alerts (no key needed) and, when
        MTA_BUS_TIME_KEY is set, Bus Time SIRI VehicleMonitoring; writes every response to
        DIR/<feed id>_<YYYYMMDDTHHMMSS>.<pb|json> (fetch time, New York local time). Failed fetches
        are written as empty files; 304 Not Modified writes nothing.

        Options:
          --duration TIME        how long to record: 90s, 30m, 1h or seconds (default 1h)
        \(MTAFeedOptions.usage)
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        guard let sourceName = try arguments.value("source") else { throw ArgumentList.UsageError(description: "--source mta is required") }
        guard sourceName == "mta" else { throw ArgumentList.UsageError(description: "unknown source '\(sourceName)'; record supports mta") }
        guard let out = try arguments.value("out") else { throw ArgumentList.UsageError(description: "--out DIR is required") }
        let duration = try arguments.value("duration", default: 3600.0, parseDuration)
        let options = try MTAFeedOptions(&arguments)
        let feeds = options.feeds
        guard try arguments.positionals().isEmpty else { throw ArgumentList.UsageError(description: "record takes no positional arguments") }

        let endpoints: [FeedEndpoint]
        let recorder: FeedRecorder
        do {
            endpoints = try feeds.endpoints()
            recorder = try FeedRecorder(directory: URL(fileURLWithPath: out))
        } catch {
            throw ArgumentList.UsageError(description: "\(error)")
        }
        let logger = Logger.standardError()
        if feeds.busTimeKey == nil { logger.warning("MTA_BUS_TIME_KEY is not set: buses are not recorded") }
        let source = PollingSource(endpoints: endpoints, timeout: options.timeout, logger: logger)
        source.start { payload in
            guard payload.content != .notModified else { return }
            do {
                let file = try recorder.record(payload, fetchedAt: Date().timeIntervalSince1970)
                logger.info("recorded \(file.lastPathComponent) (\(payload.bytes.count) bytes)", [("feed", payload.feedID)])
            } catch {
                logger.error("cannot write \(payload.feedID) into \(out): \(error.localizedDescription)", [("feed", payload.feedID)])
            }
        }
        Thread.sleep(forTimeInterval: duration)
        source.stop()
        return 0
    }

    /// `90s`, `30m`, `1h`, or plain seconds; positive.
    private static func parseDuration(_ text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        let (number, unit) = text.last.flatMap { units[$0] }.map { (text.dropLast(), $0) } ?? (Substring(text), 1)
        return Double(number).flatMap { $0 > 0 && $0.isFinite ? $0 * unit : nil }
    }
}
