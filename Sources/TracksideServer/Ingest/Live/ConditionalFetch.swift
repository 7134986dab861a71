import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One conditional GET of a feed. URLSession (FoundationNetworking) rather than our own
/// sockets: the MTA serves HTTPS only, and URLSession brings TLS, redirects and gzip
/// decoding that a socket client of ours would have to re-implement.
public struct ConditionalFetch: Sendable {
    /// What a fetch came back with.
    public enum Outcome: Equatable, Sendable {
        /// A 2xx with its body and the validators for the next request.
        case fresh(Data)
        /// 304: the feed has not changed since the last fetch.
        case notModified
        /// Anything else: an HTTP error status, a timeout, a refused connection.
        case failed(FetchFailure)
    }

    /// The validators of the last fresh response, sent back as If-None-Match / If-Modified-Since.
    public var entityTag: String?
    public var lastModified: String?
    public let url: URL
    public let timeout: Double
    /// Sent with every request, before the validators (which they cannot name).
    public let headers: [FeedRequestHeader]

    public init(url: URL, timeout: Double, headers: [FeedRequestHeader] = []) {
        self.url = url
        self.timeout = timeout
        self.headers = headers
    }

    /// Fetches once, blocking the calling (source) thread for at most about `timeout` seconds.
    public mutating func fetch(session: URLSession) -> Outcome {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        for header in headers { request.addValue(header.value, forHTTPHeaderField: header.name) }
        if let entityTag { request.setValue(entityTag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let completion = Completion()
        let task = session.dataTask(with: request) { data, response, error in
            completion.finish(data: data, response: response, error: error)
        }
        task.resume()
        // The session's own timeout normally fires first; this is the backstop.
        guard completion.done.wait(timeout: .now() + timeout + 5) == .success else {
            task.cancel()
            return .failed(FetchFailure(.timeout, "no answer within \(Int(timeout)) s"))
        }
        let (data, response, error) = completion.result
        if let error { return .failed(FetchFailure(transportError: error)) }
        guard let http = response as? HTTPURLResponse else { return .failed(FetchFailure(.network, "not an HTTP response")) }
        switch http.statusCode {
        case 304:
            return .notModified
        case 200..<300:
            entityTag = http.value(forHTTPHeaderField: "ETag") ?? entityTag
            lastModified = http.value(forHTTPHeaderField: "Last-Modified") ?? lastModified
            guard let data, !data.isEmpty else {
                return .failed(FetchFailure(.emptyBody, "HTTP \(http.statusCode) with an empty body"))
            }
            return .fresh(data)
        default:
            return .failed(FetchFailure(.httpStatus(http.statusCode), "HTTP \(http.statusCode)"))
        }
    }
}

extension ConditionalFetch.Outcome {
    /// Whether the publisher answered properly (a body or a 304); failures back off.
    public var isSuccess: Bool {
        if case .failed = self { return false }
        return true
    }
}

/// The completion handler's result, handed from URLSession's queue to the waiting thread.
private final class Completion: @unchecked Sendable {
    // @unchecked: `result` is written once before `done` is signalled and read after the wait.
    let done = DispatchSemaphore(value: 0)
    private(set) var result: (Data?, URLResponse?, (any Error)?) = (nil, nil, nil)

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        result = (data, response, error)
        done.signal()
    }
}
