/// How much an event matters; a `Logger` drops events below its level.
public enum LogLevel: Int, Sendable, CaseIterable {
    /// Detail for debugging one server: per-feed timings, skipped files.
    case debug
    /// What an operator wants in the journal: startup, feeds recovering, shutdown.
    case info
    /// Something degraded but handled: a feed failing, a client closed for stalling.
    case warning
    /// Something the server cannot work around by itself.
    case error

    /// The name used in options and log lines: `debug`, `info`, `warning`, `error`.
    public var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// The level with that name, or nil.
    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = level
    }
}

extension LogLevel: Comparable {
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
