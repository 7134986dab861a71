import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WebSocketServer

/// The static subway GTFS `--source mta` needs: downloaded once as a zip, kept in a cache folder
/// and fetched again when older than `maxAge`. When the download fails a cached copy is used
/// however old; without one the server cannot start.
public struct StaticGTFSCache: Sendable {
    /// The MTA's published static subway GTFS.
    public static let defaultURL = "https://rrgtfsfeeds.s3.amazonaws.com/gtfs_subway.zip"

    /// Why no static GTFS is available, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public var url: URL
    public var directory: URL
    /// Seconds a cached copy is used without downloading again.
    public var maxAge = 86_400.0
    public var timeout = 60.0

    public init(url: URL, directory: URL) {
        self.url = url
        self.directory = directory
    }

    /// The cached zip's path, downloading it first when missing or old.
    public func path(logger: Logger) throws(Failure) -> String {
        let file = directory.appendingPathComponent("subway-gtfs.zip")
        let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        if let modified, Date().timeIntervalSince(modified) < maxAge { return file.path }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var fetch = ConditionalFetch(url: url, timeout: timeout)
        let problem: String
        switch fetch.fetch(session: session) {
        case .fresh(let bytes) where bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]):
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try bytes.write(to: file, options: .atomic)
                logger.info("static GTFS: downloaded \(url.absoluteString) (\(bytes.count) bytes) into \(file.path)")
                return file.path
            } catch {
                problem = "cannot write \(file.path): \(error.localizedDescription)"
            }
        case .fresh:
            problem = "the answer is not a zip"
        case .notModified:
            problem = "unexpected 304"
        case .failed(let failure):
            problem = failure.description
        }
        guard modified != nil else {
            throw Failure(description: "cannot download the static GTFS \(url.absoluteString): \(problem); give --gtfs PATH")
        }
        logger.warning("static GTFS: \(url.absoluteString) failed (\(problem)); using the older cached \(file.path)")
        return file.path
    }
}
