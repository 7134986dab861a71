/// An ordered list of header fields; names compare case-insensitively, repeats are kept.
public struct HTTPHeaders: Sendable, Equatable {
    /// The fields in the order received or added.
    public private(set) var fields: [(name: String, value: String)] = []

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with a single one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { HTTPHeaders.namesMatch($0.name, name) }
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        fields.first { HTTPHeaders.namesMatch($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { HTTPHeaders.namesMatch($0.name, name) }.map(\.value)
    }

    /// The comma-separated tokens of every `name` field, lowercased and trimmed
    /// (`Connection: keep-alive, Upgrade` → `["keep-alive", "upgrade"]`).
    public func tokens(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }
            .map { $0.trimmingHTTPWhitespace().lowercased() }
            .filter { !$0.isEmpty }
    }

    /// Whether `name` lists `token` (case-insensitive).
    public func contains(_ name: String, token: String) -> Bool {
        tokens(name).contains(token.lowercased())
    }

    /// ASCII case-insensitive comparison without allocating lowercased copies.
    static func namesMatch(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        return zip(a.utf8, b.utf8).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
              let last = lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(self[first...last])
    }
}
