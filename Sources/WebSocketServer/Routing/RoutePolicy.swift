/// What an application applies around every route, such as CORS: an answer given before routing (a
/// preflight) and a last look at every response before it is written. Both run on the event loop for
/// every request and must be quick.
public protocol RoutePolicy: Sendable {
    /// An answer given before any route runs, or nil to route `request` as usual.
    func answer(_ request: HTTPRequest) -> HTTPResponse?
    /// Adjusts the response to `request` (a route's, the router's own error, a static file) before it is
    /// written: adds headers, for instance.
    func finish(_ response: inout HTTPResponse, for request: HTTPRequest)
}
