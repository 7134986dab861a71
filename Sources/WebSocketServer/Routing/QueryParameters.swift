/// The decoded `name=value` pairs of a query string, in order; names may repeat.
public struct QueryParameters: Sendable, Equatable {
    /// The pairs, percent-decoded (`+` is a space).
    public let pairs: [(name: String, value: String)]

    /// Parses `a=1&b=x%20y&flag`; a pair that does not decode is skipped rather than failing the request.
    public init<S: StringProtocol>(parsing query: S?) {
        guard let query else {
            pairs = []
            return
        }
        pairs = query.split(separator: "&").compactMap { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(parts[0], plusIsSpace: true), !name.isEmpty,
                  let value = PercentDecoding.decode(parts.count > 1 ? parts[1] : "", plusIsSpace: true) else {
                return nil
            }
            return (name: name, value: value)
        }
    }

    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }
}
