import Codecs
import Glibc

/// One thing that happened: when, how much it matters, what, and a few named details
/// (`feed`, `client`) that collectors can index.
public struct LogEvent: Sendable {
    /// Seconds since 1970 (UTC).
    public var time: Double
    public var level: LogLevel
    public var message: String
    /// Details in the order given; `time`, `level` and `message` are reserved names.
    public var fields: [(key: String, value: String)]

    public init(time: Double, level: LogLevel, message: String, fields: [(key: String, value: String)] = []) {
        self.time = time
        self.level = level
        self.message = message
        self.fields = fields
    }

    /// The event as one line without its newline; newlines inside the message are escaped so
    /// that one event can never look like two.
    public func line(in format: LogFormat) -> String {
        switch format {
        case .text:
            var line = "\(timestamp) \(level.name) \(Self.singleLine(message))"
            for field in fields {
                line += " \(field.key)=\(Self.textValue(field.value))"
            }
            return line
        case .json:
            var line = "{\"time\":\"\(timestamp)\",\"level\":\"\(level.name)\",\"message\":\(JSONString.quoted(message))"
            for field in fields {
                line += ",\(JSONString.quoted(field.key)):\(JSONString.quoted(field.value))"
            }
            return line + "}"
        }
    }

    /// RFC 3339 UTC with milliseconds, `2026-11-29T16:20:28.123Z`.
    var timestamp: String {
        let whole = time.rounded(.down)
        var seconds = time_t(whole)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let milliseconds = min(Int(((time - whole) * 1000).rounded(.down)), 999)
        return "\(parts.tm_year + 1900)-\(Self.padded(Int(parts.tm_mon) + 1, 2))-\(Self.padded(Int(parts.tm_mday), 2))"
            + "T\(Self.padded(Int(parts.tm_hour), 2)):\(Self.padded(Int(parts.tm_min), 2)):\(Self.padded(Int(parts.tm_sec), 2))"
            + ".\(Self.padded(milliseconds, 3))Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func singleLine(_ text: String) -> String {
        text.contains(where: { $0.isNewline }) ? text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") : text
    }

    /// A field value as is when it is one word, else quoted like a JSON string.
    private static func textValue(_ value: String) -> String {
        let plain = !value.isEmpty && !value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0.isNewline })
        return plain ? value : JSONString.quoted(value)
    }
}
