import Foundation
import TransitData
import TransitEngine

/// A folder of recorded feed files, in the order they were published.
///
/// Files are `<feed id>_<YYYYMMDDTHHMMSS>.<pb|json>[.gz]` as in shared/data; a name without a
/// `<feed id>_` prefix (`20160519080020.pb`) belongs to one feed named after the folder. They are ordered
/// by the time inside them (GTFS-rt header timestamp, SIRI ResponseTimestamp); a file whose
/// content does not say (garbage, truncated) keeps the time in its name, so it is still
/// played at its place and the server shows how it copes with a bad fetch. A header stamped more
/// than `FeedIntake.maximumHeaderLead` after the file was recorded (the time in its name) is
/// treated as the live path treats one: the recording time stands in, the file is listed in
/// `futureStamped` for the log, and the recording keeps its length (one file stamped in the year
/// 2100 would otherwise make a loop last eighty years). Without a time in its name, a header
/// later than the file's modification time cannot be placed: the file is skipped.
///
/// The scan reads one file at a time and inflates it once, up to `FeedDecoder.limit` (the
/// limit the decoders apply when it is played), so the memory it needs is one file's, whatever the
/// folder holds: a gzip bomb is cut at the limit and played as the failed fetch it is.
///
/// A feed id holds service alerts when its name says so (`subway-alerts` as `FeedRecorder`
/// writes it, `mta_subway_alerts` in shared/data) or any of its files scans as an alerts feed
/// (`RealtimeFeedKind.detect`); every file of that id, failed fetches included, then plays as
/// an alerts update.
public struct ReplayRecording: Sendable {
    /// One recorded fetch.
    public struct File: Equatable, Sendable {
        public var path: String
        public var feedID: String
        public var format: FeedFormat
        public var kind: RealtimeFeedKind
        /// When the feed was published, in the feeds' clock.
        public var timestamp: Double
    }

    /// Why a folder cannot be replayed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let files: [File]
    /// Files that were skipped, with the reason (no usable time, unreadable).
    public let skipped: [String]
    /// Files whose header lies in the future of their recording, with the time that stands in.
    public let futureStamped: [String]

    /// Scans `directory`. `contentTimestamp` reads the publish time from a file's (inflated)
    /// bytes, or returns nil when it cannot; a name's `_YYYYMMDDTHHMMSS` is local time in
    /// `timeZone` (the agency's: `trackside record` names MTA's files in New York time).
    public init(directory: String, timeZone: TimeZone = ReplayRecording.newYork,
                contentTimestamp: (FeedFormat, Data) -> Double?) throws(Failure) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw Failure(description: "cannot list replay folder \(directory): \(error.localizedDescription)")
        }
        var files: [File] = []
        var skipped: [String] = []
        var futureStamped: [String] = []
        var alertFeedIDs: Set<String> = []
        let folderFeedID = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        for name in names {
            guard let (named, format) = Self.feedIDAndFormat(name) else { continue }
            let feedID = named ?? folderFeedID
            let path = (directory as NSString).appendingPathComponent(name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            // Larger than any feed played: read none of it (it plays as a failed fetch).
            let bytes = size > FeedDecoder.limit ? Data() : FileManager.default.contents(atPath: path)
            guard let bytes else {
                skipped.append("\(name): unreadable")
                continue
            }
            // Inflated once, within the decoders' limit; what does not inflate has no content time.
            let plain = try? Inflate.gunzipIfNeeded(bytes, limit: FeedDecoder.limit)
            let recorded = Self.nameTimestamp(name, in: timeZone)
            let written = recorded ?? (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? .infinity
            var timestamp = plain.flatMap { contentTimestamp(format, $0) }
            if let stamped = timestamp, stamped > written + FeedIntake.maximumHeaderLead {
                let future = "header stamped \(Self.iso8601(stamped)), more than \(Int(FeedIntake.maximumHeaderLead / 60)) "
                    + "minutes after it was recorded"
                guard let recorded else {
                    skipped.append("\(name): \(future), and no recording time in its name")
                    continue
                }
                futureStamped.append("\(name): \(future); played at \(Self.iso8601(recorded))")
                timestamp = recorded
            }
            guard let timestamp = timestamp ?? recorded else {
                skipped.append("\(name): no timestamp in its content or name")
                continue
            }
            if Self.isAlerts(feedID: feedID, format: format, plain: plain) { alertFeedIDs.insert(feedID) }
            files.append(File(path: path, feedID: feedID, format: format, kind: .vehicles, timestamp: timestamp))
        }
        for index in files.indices where alertFeedIDs.contains(files[index].feedID) { files[index].kind = .alerts }
        guard !files.isEmpty else {
            throw Failure(description: "no replayable feed files (*.pb, *.json, optionally .gz) in \(directory)")
        }
        // Stable: files of equal time keep their name order.
        self.files = files.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
            .map(\.element)
        self.skipped = skipped
        self.futureStamped = futureStamped
    }

    /// Whether one recorded file belongs to an alerts feed, by its feed id or its (inflated) content.
    static func isAlerts(feedID: String, format: FeedFormat, plain: Data?) -> Bool {
        if feedID.lowercased().contains("alerts") { return true }
        guard format == .gtfsRealtime, let plain else { return false }
        return RealtimeFeedKind.detect([UInt8](plain)) == .alerts
    }

    /// `2100-01-01T01:00:00Z`, for the log.
    static func iso8601(_ seconds: Double) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: seconds))
    }

    /// `feed51-7_20190601T112825.pb.gz` → (`feed51-7`, GTFS-realtime), `20160519080020.pb` → (nil,
    /// GTFS-realtime): a name without a feed id; nil for other files.
    static func feedIDAndFormat(_ name: String) -> (String?, FeedFormat)? {
        var base = name
        if base.hasSuffix(".gz") { base.removeLast(3) }
        let format: FeedFormat
        if base.hasSuffix(".pb") {
            format = .gtfsRealtime
            base.removeLast(3)
        } else if base.hasSuffix(".json") {
            format = .siri
            base.removeLast(5)
        } else {
            return nil
        }
        guard !base.hasPrefix(".") else { return nil }
        let feedID = base.range(of: "_", options: .backwards).map { String(base[..<$0.lowerBound]) }
        return (feedID.flatMap { $0.isEmpty ? nil : $0 }, format)
    }

    /// The zone of NYC's recordings (shared/data's names, `FeedRecorder`'s).
    public static let newYork = TimeZone(identifier: "America/New_York")!

    /// The `_YYYYMMDDTHHMMSS` in a name, read as local time in `zone` (the naming scheme of
    /// shared/data, in New York's).
    static func nameTimestamp(_ name: String, in zone: TimeZone = newYork) -> Double? {
        guard let underscore = name.range(of: "_", options: .backwards) else { return nil }
        let stamp = name[underscore.upperBound...].prefix(15)
        guard stamp.count == 15 else { return nil }
        return fileTimeFormatter(in: zone).date(from: String(stamp))?.timeIntervalSince1970
    }

    /// Reads and writes the `YYYYMMDDTHHMMSS` of file names, local time in `zone` (`FeedRecorder`
    /// writes New York's).
    static func fileTimeFormatter(in zone: TimeZone = newYork) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        return formatter
    }
}
