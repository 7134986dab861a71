/// Why a request could not be parsed; each maps to the status the server answers before closing.
public struct HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The response status (400, 411, 413, 414, 431, 501 or 505).
    public let status: HTTPStatus
    /// What was wrong, in words, for the response body and logs.
    public let message: String

    public var description: String { "\(status.code): \(message)" }

    static func malformed(_ message: String) -> HTTPParseError {
        HTTPParseError(status: .badRequest, message: message)
    }
}
