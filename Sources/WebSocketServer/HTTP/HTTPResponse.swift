import Codecs

/// A response to send: status, headers and a body.
///
/// The body is `[UInt8]` (copy-on-write), so a cached file or a prepared JSON document is shared
/// by every response that carries it. `Content-Length`, `Date`, `Server` and `Connection` are added
/// by the connection when the response is written.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain` response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
                     body: Array(text.utf8))
    }

    /// An `application/json` response from already serialised JSON.
    public static func json(_ body: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
    }

    /// An error in the API's shape, `{"error":{"code":"…","message":"…"}}`, or as plain text
    /// when `json` is false (pages and files are not API clients).
    public static func error(_ status: HTTPStatus, code: String, message: String, json: Bool) -> HTTPResponse {
        guard json else { return .text("\(status.code) \(status.reason): \(message)\n", status: status) }
        let body = "{\"error\":{\"code\":\(JSONString.quoted(code)),\"message\":\(JSONString.quoted(message))}}"
        return .json(Array(body.utf8), status: status)
    }

    /// A short machine-readable code for a status, used in JSON error bodies (`not_found`).
    public static func errorCode(for status: HTTPStatus) -> String {
        status.reason.lowercased().split(separator: " ").joined(separator: "_")
    }
}
