import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TransitData
import WebSocketServer

/// Polls the elevator and escalator outage feed (`--elevators URL|FILE`) on its own thread,
/// whatever the vehicle source: an `http(s)` URL with a conditional GET (`ConditionalFetch`,
/// its timeout), a file by reading at most `FeedDecoder.limit` bytes of it. Each result goes to
/// the `ElevatorFeed`; `changed` is called after each kept document, so a tick runs at once.
/// Failures back off like the feed pollers (`PollBackoff`).
public final class ElevatorPoller: Sendable {
    public let location: String
    private let feed: ElevatorFeed
    private let interval: Double
    private let timeout: Double
    private let session: URLSession
    private let thread = SourceThread(name: "trackside-poll-elevators")
    private let logger: Logger

    public init(location: String, feed: ElevatorFeed, interval: Double, timeout: Double, logger: Logger) {
        self.location = location
        self.feed = feed
        self.interval = interval
        self.timeout = timeout
        self.logger = logger
        session = URLSession.feedPolling(timeout: timeout)
    }

    /// Whether `location` is fetched over HTTP rather than read as a file.
    var isURL: Bool { location.hasPrefix("http://") || location.hasPrefix("https://") }

    public func start(clock: @escaping @Sendable () -> Double, changed: @escaping @Sendable () -> Void) {
        thread.start { [self] thread in
            var fetch = URL(string: location).map { ConditionalFetch(url: $0, timeout: timeout) }
            var backoff = PollBackoff(interval: interval)
            var next = clock()
            while thread.sleep(until: next) {
                let now = clock()
                let failure: String?
                if isURL, var request = fetch {
                    let outcome = request.fetch(session: session)
                    fetch = request
                    if thread.isStopping { return }
                    switch outcome {
                    case .fresh(let bytes): failure = feed.ingest(bytes, at: clock())
                    case .notModified: feed.confirm(at: now); failure = nil
                    case .failed(let reason): feed.reject(reason, at: now); failure = reason.description
                    }
                } else {
                    switch Self.read(location) {
                    case .success(let bytes): failure = feed.ingest(bytes, at: now)
                    case .failure(let reason): feed.reject(reason, at: now); failure = reason.description
                    }
                }
                if let failure {
                    logger.warning("feed \(ElevatorFeed.feedID): kept the last good outages (\(location): \(failure))",
                                   [("feed", ElevatorFeed.feedID)])
                }
                changed()
                next = clock() + backoff.delay(afterSuccess: failure == nil, jitter: Double.random(in: 0..<1))
            }
        }
    }

    public func stop() {
        thread.requestStop()
        repeat {
            session.getAllTasks { tasks in for task in tasks { task.cancel() } }
        } while !thread.join(timeout: 0.1)
        session.invalidateAndCancel()
    }

    /// At most one byte more than `FeedDecoder.limit` of the file at `path`, so an oversized
    /// file is refused by the decoder's limit without being read whole. A file that cannot be
    /// opened or read counts as a `network` failure in `/metrics`: the document did not arrive.
    static func read(_ path: String) -> Result<Data, FetchFailure> {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(FetchFailure(.network, "cannot open \(path)")) }
        defer { try? handle.close() }
        do {
            return .success(try handle.read(upToCount: FeedDecoder.limit + 1) ?? Data())
        } catch {
            return .failure(FetchFailure(.network, "cannot read \(path): \(error.localizedDescription)"))
        }
    }
}
