/// A path pattern such as `/api/stations/{id}`: literal segments and named single-segment parameters.
struct RoutePattern: Sendable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]
    let description: String

    init(_ pattern: String) {
        precondition(pattern.hasPrefix("/"), "route patterns start with /: \(pattern)")
        description = pattern
        segments = pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { part in
            if part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2 {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// The parameters bound by matching `path`, or nil when it does not match. A parameter
    /// matches exactly one non-empty segment.
    func match(_ path: RequestPath) -> [String: String]? {
        guard path.segments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, value) in zip(segments, path.segments) {
            switch segment {
            case .literal(let literal):
                guard literal == value else { return nil }
            case .parameter(let name):
                guard !value.isEmpty else { return nil }
                parameters[name] = value
            }
        }
        return parameters
    }
}
