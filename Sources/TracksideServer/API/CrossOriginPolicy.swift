import WebSocketServer

/// CORS (the Fetch standard's CORS protocol) for the read-only API: `GET`/`HEAD` under `/api/` and `/gtfs-rt/`
/// may be read by pages of other sites, every site by default (`--cors-origin` narrows it to a list).
///
/// - A request from an allowed origin gets `Access-Control-Allow-Origin` (`*`, on every answer, when every
///   origin is allowed, else the origin itself) and `Access-Control-Expose-Headers: ETag`, errors included, so a page can read
///   why it was refused. With a list, every such answer also carries `Vary: Origin`: caches must not hand
///   one site's answer to another.
/// - A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) on those paths is answered
///   `204` with the allowed methods and headers and a max-age, or `403` for an origin not on the list.
///   Plain `OPTIONS` and every other path are left to the router.
/// - No credentials: the API needs none, so `Access-Control-Allow-Credentials` is never sent.
///
/// The WebSocket is not covered: browsers do not apply CORS to it; `--allowed-origin` restricts it.
public struct CrossOriginPolicy: RoutePolicy, Sendable, Equatable {
    /// The origins whose pages may read the API; nil allows every origin.
    public var allowedOrigins: Set<String>?

    /// The methods a cross-origin page may use (the API is read-only).
    static let methods = "GET, HEAD, OPTIONS"
    /// Request headers a page may send beyond the CORS-safelisted ones: revalidation and caching.
    static let headers = ["accept", "cache-control", "if-modified-since", "if-none-match"]
    /// How long a browser may cache a preflight's answer, in seconds (Chromium caps it at 7200).
    static let maxAge = 7200

    /// `allowedOrigins` as given (compared case-insensitively); nil allows every origin.
    public init(allowedOrigins: Set<String>? = nil) {
        self.allowedOrigins = allowedOrigins.map { Set($0.map { $0.lowercased() }) }
    }

    /// Whether CORS applies to `request`'s path: the API and the exports.
    static func covers(_ request: HTTPRequest) -> Bool {
        let path = request.rawPath
        return path.hasPrefix("/api/") || path.hasPrefix("/gtfs-rt/")
    }

    /// What `Access-Control-Allow-Origin` says to `origin`, or nil when it is not allowed.
    func allowedValue(for origin: String) -> String? {
        guard let allowedOrigins else { return "*" }
        return allowedOrigins.contains(origin.lowercased()) ? origin : nil
    }

    public func answer(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == "OPTIONS", Self.covers(request), let origin = request.headers["Origin"],
              request.headers["Access-Control-Request-Method"] != nil else { return nil }
        guard let allowed = allowedValue(for: origin) else {
            return .error(.forbidden, code: "origin_not_allowed",
                          message: "pages of \(origin.prefix(100)) may not read this server's API", json: true)
        }
        var response = HTTPResponse(status: .noContent)
        response.headers.add("Access-Control-Allow-Origin", allowed)
        response.headers.add("Access-Control-Allow-Methods", Self.methods)
        // Only the asked-for headers that are allowed: a page asking for another one is refused by its browser.
        let asked = request.headers.tokens("Access-Control-Request-Headers").map { $0.lowercased() }
        let granted = asked.filter { Self.headers.contains($0) }
        if !granted.isEmpty { response.headers.add("Access-Control-Allow-Headers", granted.joined(separator: ", ")) }
        response.headers.add("Access-Control-Max-Age", String(Self.maxAge))
        if allowedOrigins != nil { response.headers.add("Vary", "Origin") }
        return response
    }

    public func finish(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard Self.covers(request), request.method == "GET" || request.method == "HEAD" else { return }
        if allowedOrigins != nil {
            let vary = response.headers["Vary"]
            response.headers.set("Vary", vary.map { $0 + ", Origin" } ?? "Origin")
        }
        // With every origin allowed the header goes on every answer, so a shared cache holding one answered
        // without `Origin` still serves pages of other sites.
        guard let allowed = allowedOrigins == nil ? "*" : request.headers["Origin"].flatMap(allowedValue) else { return }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Expose-Headers", "ETag")
    }
}
