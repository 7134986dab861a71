import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import WebSocketServer

/// `--source mta` and `trackside record`: polls live feeds, each on its own thread and interval.
///
/// Every fetch is delivered: a good body is decoded into the feed store, a 304 confirms the
/// kept data, and a failure (HTTP error, timeout) is delivered as an empty payload with its
/// classified reason, which the store rejects, keeping the last good data and reporting the
/// feed stale with its age. Backoff after failures follows `PollBackoff`.
public final class PollingSource: FeedSource, Sendable {
    public let kind: String
    public let endpoints: [FeedEndpoint]
    private let timeout: Double
    private let session: URLSession
    private let threads: [SourceThread]
    private let logger: Logger

    /// - Parameter timeout: seconds a request may take before it counts as failed.
    public init(kind: String = "mta", endpoints: [FeedEndpoint], timeout: Double = 10,
                logger: Logger) {
        self.kind = kind
        self.endpoints = endpoints
        self.timeout = timeout
        self.logger = logger
        // Every feed is on the same host: with the default of 6 connections per host, feeds
        // beyond the sixth would queue behind a publisher that hangs instead of being fetched.
        session = URLSession.feedPolling(timeout: timeout, connectionsPerHost: endpoints.count)
        threads = endpoints.map { SourceThread(name: "trackside-poll-\($0.feedID)") }
    }

    /// Live feeds, with buses when a bus feed is polled (Bus Time needs a key).
    public var summary: SourceSummary {
        SourceSummary(kind: kind, carriesBuses: endpoints.contains { SourceSummary.isBusFeed(id: $0.feedID, format: $0.format) })
    }

    public var expectedFeeds: [ExpectedFeed] {
        endpoints.map { ExpectedFeed(feedID: $0.feedID, interval: $0.interval) }
    }

    /// Live feeds run on the wall clock.
    public func feedTime(atWallTime wallTime: Double) -> Double { wallTime }

    public func start(deliver: @escaping @Sendable (FeedPayload) -> Void) {
        for (endpoint, thread) in zip(endpoints, threads) {
            thread.start { [self] thread in poll(endpoint, on: thread, deliver: deliver) }
        }
    }

    /// Stops every poller without waiting for fetches in flight: they are cancelled, so a
    /// publisher that does not answer cannot hold shutdown for the whole fetch timeout.
    public func stop() {
        for thread in threads { thread.requestStop() }
        // A poller that was just starting a fetch creates its task after a sweep: cancel again
        // until every poller has returned. Only then invalidate the session, because Foundation
        // treats a task created on an invalidated session as a fatal error.
        repeat {
            session.getAllTasks { tasks in
                for task in tasks { task.cancel() }
            }
        } while !threads.allSatisfy({ $0.join(timeout: 0.1) })
        session.invalidateAndCancel()
    }

    private func poll(_ endpoint: FeedEndpoint, on thread: SourceThread, deliver: @Sendable (FeedPayload) -> Void) {
        var fetch = ConditionalFetch(url: endpoint.url, timeout: timeout, headers: endpoint.headers)
        var backoff = PollBackoff(interval: endpoint.interval)
        var generator = SystemRandomNumberGenerator()
        var next = Date().timeIntervalSince1970
        while thread.sleep(until: next) {
            let outcome = fetch.fetch(session: session)
            // A fetch cancelled by `stop()` is no news about the feed.
            if thread.isStopping { return }
            let origin = "\(kind) GET \(endpoint.url.absoluteString)"
            switch outcome {
            case .fresh(let bytes):
                deliver(FeedPayload(feedID: endpoint.feedID, format: endpoint.format, kind: endpoint.kind, bytes: bytes,
                                    origin: origin))
            case .notModified:
                deliver(FeedPayload(feedID: endpoint.feedID, format: endpoint.format, kind: endpoint.kind, bytes: Data(),
                                    origin: origin, content: .notModified))
            case .failed(let failure):
                deliver(FeedPayload(feedID: endpoint.feedID, format: endpoint.format, kind: endpoint.kind, bytes: Data(),
                                    origin: "\(origin): \(failure)", content: .failed(failure)))
            }
            let succeeded = outcome.isSuccess
            let delay = backoff.delay(afterSuccess: succeeded, jitter: Double.random(in: 0..<1, using: &generator))
            if !succeeded {
                logger.warning("\(endpoint.feedID): \(origin) failed \(backoff.failures)×; next try in \(Int(delay)) s",
                               [("feed", endpoint.feedID)])
            }
            next = Date().timeIntervalSince1970 + delay
        }
    }
}
