import Metrics

/// What one feed's fetches came to, for `/metrics`: updated once per fetch on the source's
/// thread, read per scrape. Counters only grow (a replay's new round does not reset them).
public struct FeedStatistics: Equatable, Sendable {
    /// How a fetch failed to bring fresh, usable data.
    public enum ErrorKind: String, CaseIterable, Sendable {
        /// A non-2xx answer (by status in `httpErrors`).
        case http
        case timeout
        /// Refused, reset, cut short: no complete answer.
        case network
        /// The body is not a feed.
        case decode
        /// An empty body, or a feed without a single vehicle.
        case empty
        /// A good feed whose header time was already older than the stale threshold.
        case stale
    }

    /// Decode time buckets, 100 µs to 2.5 s: a subway feed decodes in milliseconds.
    public static let decodeBounds = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 2.5]

    /// Fetches delivered (documents, 304s and failures).
    public private(set) var fetches = 0
    /// Document bytes received, as delivered (after HTTP content decoding).
    public private(set) var bytes = 0
    public private(set) var errors: [ErrorKind: Int] = [:]
    /// HTTP errors by status code.
    public private(set) var httpErrors: [Int: Int] = [:]
    /// Wall time of the last fetch that brought usable data or a 304.
    public private(set) var lastSuccessAt: Double?
    public private(set) var decodeDurations = Histogram(bounds: decodeBounds)

    public init() {}

    /// Counts one fetch of `bytes` bytes.
    public mutating func fetched(bytes count: Int) {
        fetches += 1
        bytes += count
    }

    public mutating func succeeded(at wallTime: Double) {
        lastSuccessAt = max(lastSuccessAt ?? wallTime, wallTime)
    }

    public mutating func failed(_ kind: ErrorKind) {
        errors[kind, default: 0] += 1
    }

    /// Counts a failed fetch by its cause (an HTTP status also by code).
    public mutating func failed(_ failure: FetchFailure) {
        switch failure.kind {
        case .httpStatus(let status):
            failed(.http)
            httpErrors[status, default: 0] += 1
        case .timeout: failed(.timeout)
        case .network: failed(.network)
        case .emptyBody: failed(.empty)
        }
    }

    public mutating func decoded(in duration: Duration) {
        decodeDurations.observe(duration)
    }

    /// Adds another tally of the same feed (one fetch, counted outside the shared lock).
    public mutating func merge(_ other: FeedStatistics) {
        fetches += other.fetches
        bytes += other.bytes
        errors.merge(other.errors, uniquingKeysWith: +)
        httpErrors.merge(other.httpErrors, uniquingKeysWith: +)
        if let success = other.lastSuccessAt { succeeded(at: success) }
        decodeDurations.merge(other.decodeDurations)
    }
}
