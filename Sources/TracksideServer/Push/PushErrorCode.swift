/// The `code` of a server `error` message (docs/PROTOCOL.md).
public enum PushErrorCode: String, Sendable, CaseIterable {
    /// Not JSON, not an object, an unknown `op`, or a field of the wrong type or range.
    case badRequest = "bad_request"
    /// The bbox spans more than the configured limit or would show too many vehicles.
    case bboxTooLarge = "bbox_too_large"
    /// Too many subscribe/resume messages in a short time; the message was ignored.
    case rateLimited = "rate_limited"
    /// More stations watched than one connection may watch.
    case tooManyWatches = "too_many_watches"
    /// A watch of a station, bus stop, route or vehicle the server does not have.
    case notFound = "not_found"
}

/// A client message the session refuses, with the reason sent back in an `error`.
public struct PushRequestError: Error, Equatable, Sendable {
    public let code: PushErrorCode
    public let message: String

    public init(_ code: PushErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
