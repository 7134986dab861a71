/// The codings a client accepts, from `Accept-Encoding` (RFC 9110 §12.5.3).
public struct AcceptEncoding: Sendable {
    private var weights: [String: Double] = [:]

    public init(_ headers: HTTPHeaders) {
        for item in headers.values("Accept-Encoding").flatMap({ $0.split(separator: ",") }) {
            let parts = item.split(separator: ";").map { $0.trimmingHTTPWhitespace().lowercased() }
            guard let coding = parts.first, !coding.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            weights[coding] = weight
        }
    }

    /// Whether `coding` is acceptable: listed with q > 0, or covered by `*` with q > 0.
    public func accepts(_ coding: String) -> Bool {
        if let weight = weights[coding] { return weight > 0 }
        return (weights["*"] ?? 0) > 0
    }
}
