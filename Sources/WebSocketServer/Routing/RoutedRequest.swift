/// A request as a route handler sees it: decoded path, path parameters and query.
public struct RoutedRequest: Sendable {
    public let request: HTTPRequest
    /// The decoded path segments.
    public let path: RequestPath
    /// Values bound by the route pattern's `{name}` segments.
    public let parameters: [String: String]
    /// The decoded query string.
    public let query: QueryParameters
    /// The peer's `host:port`.
    public let remoteAddress: String

    /// Whether the request is for the JSON API (`/api/…`), whose errors are JSON.
    public var isAPI: Bool { request.isAPI }

    /// An error response in the form this request expects (JSON under `/api/`, text elsewhere).
    public func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        .error(status, code: HTTPResponse.errorCode(for: status), message: message, json: isAPI)
    }
}
