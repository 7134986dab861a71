import Synchronization

/// Maps method + path to the code answering it; shared by every event loop.
///
/// Handlers run **on the event loop** and must not block it (no file or network I/O, no locks
/// held for long): quick work answers at once; anything slow uses `addDeferred` and completes
/// the `ResponsePromise` from another thread. `HEAD` is answered by `GET` routes (body dropped).
/// Paths that match a route with another method get 405 with `Allow`; paths that match nothing
/// go to the fallback (static files), else 404. Errors under `/api/` are JSON. `OPTIONS *`
/// is answered 200 with the server's methods in `Allow`.
public final class Router: Sendable {
    /// A handler answering on the loop.
    public typealias Handler = @Sendable (RoutedRequest) -> HTTPResponse
    /// A handler answering later through a promise.
    public typealias DeferredHandler = @Sendable (RoutedRequest, ResponsePromise) -> Void
    /// A handler deciding a protocol upgrade.
    public typealias UpgradeHandler = @Sendable (RoutedRequest) -> UpgradeDecision

    enum Responder: Sendable {
        case immediate(Handler)
        case deferred(DeferredHandler)
        case upgrade(UpgradeHandler)
    }

    private struct Route: Sendable {
        let method: String
        let pattern: RoutePattern
        let responder: Responder
    }

    /// What the connection does with a request.
    enum Resolution {
        case respond(Responder, RoutedRequest)
        case response(HTTPResponse)
    }

    /// The fallback sits in a struct: a bare closure as a `Mutex` value is re-abstracted on every
    /// `withLock` and its inout write-back wraps it in new thunks each time, slowing every call.
    private struct Fallback: Sendable {
        let handler: Handler
    }

    /// The policy sits in a struct for the same reason as the fallback.
    private struct Policy: Sendable {
        let policy: any RoutePolicy
    }

    private let routes = Mutex<[Route]>([])
    private let fallback = Mutex<Fallback?>(nil)
    private let policy = Mutex<Policy?>(nil)

    public init() {}

    /// Answers `GET` (and `HEAD`) on `pattern`, e.g. `/api/stations/{id}`.
    public func get(_ pattern: String, _ handler: @escaping Handler) {
        add("GET", pattern, handler)
    }

    /// Answers `method` on `pattern`.
    public func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        append(Route(method: method, pattern: RoutePattern(pattern), responder: .immediate(handler)))
    }

    /// Answers `method` on `pattern` later, through the promise (from any thread).
    public func addDeferred(_ method: String, _ pattern: String, _ handler: @escaping DeferredHandler) {
        append(Route(method: method, pattern: RoutePattern(pattern), responder: .deferred(handler)))
    }

    /// Handles `GET pattern` as a protocol upgrade (WebSocket): the handler accepts or rejects.
    public func upgrade(_ pattern: String, _ handler: @escaping UpgradeHandler) {
        append(Route(method: "GET", pattern: RoutePattern(pattern), responder: .upgrade(handler)))
    }

    /// Answers every request no route matches (static files).
    public func setFallback(_ handler: @escaping Handler) {
        fallback.withLock { $0 = Fallback(handler: handler) }
    }

    /// Applies `policy` around every request (CORS): its answer comes before any route, and it finishes
    /// every response.
    public func setPolicy(_ policy: some RoutePolicy) {
        self.policy.withLock { $0 = Policy(policy: policy) }
    }

    /// The response to `request` as the policy, if any, finishes it.
    func finish(_ response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
        guard let policy = policy.withLock({ $0?.policy }) else { return response }
        var finished = response
        policy.finish(&finished, for: request)
        return finished
    }

    private func append(_ route: Route) {
        routes.withLock { $0.append(route) }
    }

    /// Finds what answers `request`.
    func resolve(_ request: HTTPRequest, remoteAddress: String) -> Resolution {
        if request.target == "*" { return .response(serverOptions) }
        if let answer = policy.withLock({ $0?.policy })?.answer(request) {
            return .response(answer)
        }
        guard let path = RequestPath(raw: request.rawPath) else {
            return .response(.error(.badRequest, code: "bad_request", message: "malformed path encoding", json: request.isAPI))
        }
        let query = QueryParameters(parsing: request.rawQuery)
        let method = request.method == "HEAD" ? "GET" : request.method
        var allowed: [String] = []
        let candidates = routes.withLock { $0 }
        for route in candidates {
            guard let parameters = route.pattern.match(path) else { continue }
            guard route.method == method else {
                allowed.append(route.method)
                continue
            }
            let routed = RoutedRequest(request: request, path: path, parameters: parameters, query: query,
                                       remoteAddress: remoteAddress)
            return .respond(route.responder, routed)
        }
        let routed = RoutedRequest(request: request, path: path, parameters: [:], query: query, remoteAddress: remoteAddress)
        if !allowed.isEmpty {
            if allowed.contains("GET") { allowed.append("HEAD") }
            var response = routed.error(.methodNotAllowed, "\(request.method) is not allowed here")
            response.headers.set("Allow", Array(Set(allowed)).sorted().joined(separator: ", "))
            return .response(response)
        }
        if let handler = fallback.withLock({ $0?.handler }) {
            return .respond(.immediate(handler), routed)
        }
        return .response(routed.error(.notFound, "no such resource"))
    }

    /// The answer to `OPTIONS *` (the only request the parser lets through with that target):
    /// a question about the server in general (RFC 9110 §9.3.7), answered 200 with no content and
    /// `Allow` naming every method some resource here accepts.
    private var serverOptions: HTTPResponse {
        var methods = Set(routes.withLock { $0.map(\.method) })
        methods.formUnion(["GET", "HEAD", "OPTIONS"])   // the fallback serves files; HEAD follows GET
        var response = HTTPResponse(status: .ok)
        response.headers.set("Allow", methods.sorted().joined(separator: ", "))
        return response
    }
}
