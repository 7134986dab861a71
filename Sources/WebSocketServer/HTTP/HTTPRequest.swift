/// A complete HTTP/1.x request: head and (Content-Length-delimited) body.
public struct HTTPRequest: Sendable {
    /// The method token, case-sensitive as HTTP requires (`GET`, `HEAD`, …).
    public var method: String
    /// The request-target exactly as sent, e.g. `/api/stations/127?x=1`.
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(method: String, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The path part of the target, still percent-encoded (`/a%20b`); absolute-form targets
    /// (`http://host/path`) are reduced to their path.
    public var rawPath: Substring {
        Self.rawPath(ofTarget: target[...])
    }

    /// Whether the target is in the JSON API (`/api` and below), whose errors are JSON rather than text.
    public var isAPI: Bool {
        Self.isAPI(target: target[...])
    }

    /// `isAPI` for a target alone, or the start of one (what arrived of a request that failed).
    static func isAPI(target: Substring) -> Bool {
        let path = rawPath(ofTarget: target)
        return path == "/api" || path.hasPrefix("/api/")
    }

    private static func rawPath(ofTarget target: Substring) -> Substring {
        var path = target
        if let question = path.firstIndex(of: "?") { path = path[..<question] }
        if !path.hasPrefix("/"), let scheme = path.range(of: "://") {
            let authorityAndPath = path[scheme.upperBound...]
            path = authorityAndPath.firstIndex(of: "/").map { authorityAndPath[$0...] } ?? "/"
        }
        return path
    }

    /// The query string after `?`, still percent-encoded, or nil when there is none.
    public var rawQuery: Substring? {
        target.firstIndex(of: "?").map { target[target.index(after: $0)...] }
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        if version == .http1_0 { return headers.contains("Connection", token: "keep-alive") }
        return !headers.contains("Connection", token: "close")
    }
}
