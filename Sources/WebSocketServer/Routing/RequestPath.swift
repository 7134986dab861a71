/// A request path split into percent-decoded segments.
///
/// Decoding happens per segment, after splitting on `/`, so an encoded slash (`%2F`) stays inside
/// its segment instead of creating a new one; callers that map segments to files reject it.
public struct RequestPath: Sendable, Equatable {
    /// The decoded segments; `/a/b/` gives `["a", "b", ""]`, `/` gives `[""]`.
    public let segments: [String]

    /// Splits and decodes `rawPath` (which starts with `/`); nil when an escape is malformed or
    /// a segment is not UTF-8.
    public init?<S: StringProtocol>(raw rawPath: S) {
        guard rawPath.hasPrefix("/") else { return nil }
        var decoded: [String] = []
        for part in rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = PercentDecoding.decode(part) else { return nil }
            decoded.append(segment)
        }
        segments = decoded
    }

    /// Whether the path ends with `/` (a directory).
    public var hasTrailingSlash: Bool { segments.last == "" }
}
