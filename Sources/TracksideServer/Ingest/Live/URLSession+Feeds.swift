import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// A session for polling feeds: nothing cached (every poll asks the publisher, with its own validators,
    /// `ConditionalFetch`), each request within `timeout` seconds, and `connectionsPerHost` connections to one
    /// host so that one hanging feed does not queue the others behind it.
    static func feedPolling(timeout: Double, connectionsPerHost: Int = 1) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpMaximumConnectionsPerHost = max(1, connectionsPerHost)
        return URLSession(configuration: configuration)
    }
}
