/// A `/metrics` body in the Prometheus text exposition format (version 0.0.4): families with
/// `# HELP` and `# TYPE`, then their samples. Built once per scrape, so it favours clarity.
public struct PrometheusExposition: Sendable {
    /// A metric family's type line.
    public enum MetricType: String, Sendable {
        case counter, gauge, histogram
    }

    public private(set) var text = ""

    public init() {}

    /// Starts a family; its samples follow.
    public mutating func family(_ name: String, _ type: MetricType, help: String) {
        text += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(type.rawValue)\n"
    }

    /// One sample line, `name{label="value",…} value`.
    public mutating func sample(_ name: String, labels: [(String, String)], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.format(value) + "\n"
    }

    /// One sample line with labels written as a literal, `["feed": id]`.
    public mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String>, _ value: Double) {
        sample(name, labels: labels.map { ($0.key, $0.value) }, value)
    }

    /// An unlabelled sample line.
    public mutating func sample(_ name: String, _ value: Double) {
        sample(name, [:], value)
    }

    /// A family with one sample per feed, labelled `feed`; feeds whose `value` is nil are left out.
    public mutating func perFeed<Feed>(_ name: String, _ type: MetricType, help: String, _ feeds: [(id: String, feed: Feed)],
                                       value: (Feed) -> Double?) {
        family(name, type, help: help)
        for (id, feed) in feeds {
            if let value = value(feed) { sample(name, ["feed": id], value) }
        }
    }

    /// Shorthand for a family with a single unlabelled sample.
    public mutating func single(_ name: String, _ type: MetricType, help: String, _ value: Double) {
        family(name, type, help: help)
        sample(name, value)
    }

    /// Integers print without a fraction; infinities and NaN use the format's spellings.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Label values escape backslash, double quote and newline.
    static func escapeLabel(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// HELP text escapes backslash and newline only.
    static func escapeHelp(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
