import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TransitData
import WebSocketServer

/// A published file the server needs at start (the static subway GTFS for `--source mta`, the
/// entrances dataset for `--entrances URL`): downloaded once, kept in a cache folder and
/// fetched again when older than `maxAge`. A download that fails, or whose answer `accepts`
/// refuses, leaves the cached copy in place and uses it however old; without one the server
/// cannot start.
public struct CachedDownload: Sendable {
    /// The MTA's published static subway GTFS.
    public static let staticGTFSURL = "https://rrgtfsfeeds.s3.amazonaws.com/gtfs_subway.zip"

    /// Why no copy is available, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// What the file is, in log lines and errors ("static GTFS").
    public var what: String
    public var url: URL
    public var directory: URL
    /// The cached copy's name in `directory`.
    public var fileName: String
    /// Why a downloaded answer is not the file (nil when it is), so garbage never replaces a good copy.
    public var refusal: @Sendable (Data) -> String?
    /// What to do when there is no copy at all, appended to the error.
    public var advice: String
    /// Seconds a cached copy is used without downloading again.
    public var maxAge = 86_400.0
    public var timeout = 60.0

    public init(what: String, url: URL, directory: URL, fileName: String, advice: String,
                refusal: @escaping @Sendable (Data) -> String?) {
        self.what = what
        self.url = url
        self.directory = directory
        self.fileName = fileName
        self.advice = advice
        self.refusal = refusal
    }

    /// The static subway GTFS zip (`--static-gtfs-url`), as `subway-gtfs.zip`.
    public static func staticGTFS(url: URL, directory: URL) -> CachedDownload {
        CachedDownload(what: "static GTFS", url: url, directory: directory, fileName: "subway-gtfs.zip",
                       advice: "give --gtfs PATH") { bytes in
            bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) ? nil : "the answer is not a zip"
        }
    }

    /// The subway entrances dataset (`--entrances URL`, its CSV or GeoJSON export), as
    /// `subway-entrances`; an answer that does not read as the dataset is refused.
    public static func entrances(url: URL, directory: URL) -> CachedDownload {
        CachedDownload(what: "entrances", url: url, directory: directory, fileName: "subway-entrances",
                       advice: "give --entrances FILE") { bytes in
            do throws(GTFSLoadError) {
                _ = try SubwayEntrance.entrances(document: bytes, file: url.absoluteString)
                return nil
            } catch {
                return "the answer is not the entrances dataset (\(error))"
            }
        }
    }

    /// The cached copy's path, downloading it first when missing or old.
    public func path(logger: Logger) throws(Failure) -> String {
        let file = directory.appendingPathComponent(fileName)
        let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        if let modified, Date().timeIntervalSince(modified) < maxAge { return file.path }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var fetch = ConditionalFetch(url: url, timeout: timeout)
        let problem: String
        switch fetch.fetch(session: session) {
        case .fresh(let bytes):
            if let refused = refusal(bytes) {
                problem = refused
            } else {
                do {
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try bytes.write(to: file, options: .atomic)
                    logger.info("\(what): downloaded \(url.absoluteString) (\(bytes.count) bytes) into \(file.path)")
                    return file.path
                } catch {
                    problem = "cannot write \(file.path): \(error.localizedDescription)"
                }
            }
        case .notModified:
            problem = "unexpected 304"
        case .failed(let failure):
            problem = failure.description
        }
        guard modified != nil else {
            throw Failure(description: "cannot download the \(what) \(url.absoluteString): \(problem); \(advice)")
        }
        logger.warning("\(what): \(url.absoluteString) failed (\(problem)); using the older cached \(file.path)")
        return file.path
    }
}
