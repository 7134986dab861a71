import Foundation

/// Writes delivered payloads into a folder that `replay:DIR` plays back: one file per fetch,
/// named `<feed id>_<YYYYMMDDTHHMMSS>.<pb|json>` with the fetch time in New York local time
/// (the naming `ReplayRecording` reads). A failed fetch is written empty, so the replay shows
/// the outage at its place.
public struct FeedRecorder: Sendable {
    public let directory: URL

    /// Creates the folder if needed.
    public init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
    }

    /// Stores one payload fetched at `fetchedAt` (Unix seconds); returns the file written.
    @discardableResult
    public func record(_ payload: FeedPayload, fetchedAt: Double) throws -> URL {
        let file = directory.appendingPathComponent(Self.fileName(feedID: payload.feedID, format: payload.format,
                                                                  fetchedAt: fetchedAt))
        try payload.bytes.write(to: file, options: .atomic)
        return file
    }

    /// `ace_20261129T102300.pb` for a GTFS-realtime fetch at 10:23:00 New York time.
    public static func fileName(feedID: String, format: FeedFormat, fetchedAt: Double) -> String {
        let stamp = ReplayRecording.fileTimeFormatter().string(from: Date(timeIntervalSince1970: fetchedAt))
        return "\(feedID)_\(stamp).\(format == .siri ? "json" : "pb")"
    }
}
