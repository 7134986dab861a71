/// Why a request could not be parsed; each maps to the status the server answers before closing.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The response status (400, 408, 411, 413, 414, 431, 501 or 505).
    public let status: HTTPStatus
    /// What was wrong, in words, for the response body and logs.
    public let message: String
    /// The request target, or as much of it as arrived, when the request line got that far:
    /// it tells whether the client is an API client expecting a JSON error.
    public var target: String?

    public init(status: HTTPStatus, message: String, target: String? = nil) {
        self.status = status
        self.message = message
        self.target = target
    }

    public var description: String { "\(status.code): \(message)" }

    /// The answer to send before closing: `{"error":{"code","message"}}` for a target under
    /// `/api/`, like the API's own errors; plain text for pages, files and unknown targets.
    public var response: HTTPResponse {
        .error(status, code: HTTPResponse.errorCode(for: status), message: message,
               json: target.map { HTTPRequest.isAPI(target: $0[...]) } ?? false)
    }

    static func malformed(_ message: String) -> HTTPParseError {
        HTTPParseError(status: .badRequest, message: message)
    }
}
