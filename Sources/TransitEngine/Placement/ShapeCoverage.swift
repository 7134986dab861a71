/// Per route, how many trains got an exact shape, a fallback one, or none.
public struct ShapeCoverage: Hashable, Sendable {
    /// Counts for one route.
    public struct Counts: Hashable, Sendable {
        public var exact = 0
        public var fallback = 0
        public var none = 0
        public var total: Int { exact + fallback + none }
    }

    public private(set) var routes: [String: Counts] = [:]

    public init() {}

    mutating func record(route: String, _ quality: ShapeMatch.Quality?) {
        switch quality {
        case .exact: routes[route, default: Counts()].exact += 1
        case .fallback: routes[route, default: Counts()].fallback += 1
        case nil: routes[route, default: Counts()].none += 1
        }
    }

    /// All routes together.
    public var total: Counts {
        routes.values.reduce(into: Counts()) { sum, counts in
            sum.exact += counts.exact
            sum.fallback += counts.fallback
            sum.none += counts.none
        }
    }
}
