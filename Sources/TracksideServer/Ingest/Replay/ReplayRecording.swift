import Foundation
import TransitData

/// A folder of recorded feed files, in the order they were published.
///
/// Files are `<feed id>_<YYYYMMDDTHHMMSS>.<pb|json>[.gz]` as in shared/data; a name without a
/// `<feed id>_` prefix (`20160519080020.pb`) belongs to one feed named after the folder. They are ordered
/// by the time inside them (GTFS-rt header timestamp, SIRI ResponseTimestamp); a file whose
/// content does not say (garbage, truncated) keeps the time in its name, so it is still
/// played at its place and the server shows how it copes with a bad fetch.
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

    /// Scans `directory`. `contentTimestamp` reads the publish time from a file's bytes,
    /// or returns nil when it cannot.
    public init(directory: String, contentTimestamp: (FeedFormat, Data) -> Double?) throws(Failure) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw Failure(description: "cannot list replay folder \(directory): \(error.localizedDescription)")
        }
        var files: [File] = []
        var skipped: [String] = []
        var alertFeedIDs: Set<String> = []
        let folderFeedID = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        for name in names {
            guard let (named, format) = Self.feedIDAndFormat(name) else { continue }
            let feedID = named ?? folderFeedID
            let path = (directory as NSString).appendingPathComponent(name)
            guard let bytes = FileManager.default.contents(atPath: path) else {
                skipped.append("\(name): unreadable")
                continue
            }
            guard let timestamp = contentTimestamp(format, bytes) ?? Self.nameTimestamp(name) else {
                skipped.append("\(name): no timestamp in its content or name")
                continue
            }
            if Self.isAlerts(feedID: feedID, format: format, bytes: bytes) { alertFeedIDs.insert(feedID) }
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
    }

    /// Whether one recorded file belongs to an alerts feed, by its feed id or its content.
    static func isAlerts(feedID: String, format: FeedFormat, bytes: Data) -> Bool {
        if feedID.lowercased().contains("alerts") { return true }
        guard format == .gtfsRealtime, let plain = try? Inflate.gunzipIfNeeded(bytes) else { return false }
        return RealtimeFeedKind.detect([UInt8](plain)) == .alerts
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

    /// The `_YYYYMMDDTHHMMSS` in a name, read as New York local time (the naming scheme of
    /// shared/data).
    static func nameTimestamp(_ name: String) -> Double? {
        guard let underscore = name.range(of: "_", options: .backwards) else { return nil }
        let stamp = name[underscore.upperBound...].prefix(15)
        guard stamp.count == 15 else { return nil }
        return fileTimeFormatter().date(from: String(stamp))?.timeIntervalSince1970
    }

    /// Reads and writes the `YYYYMMDDTHHMMSS` of file names, New York local time (`FeedRecorder` writes them).
    static func fileTimeFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        return formatter
    }
}
