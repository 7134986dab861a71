import WebSocketServer

/// `--log-level` and `--log-format`, shared by every long-running command.
public enum LogOptions {
    public static let level = Option<LogLevel>.logLevel
    public static let format = Option<LogFormat>.logFormat

    public static let group = OptionGroup("Logging", [level.declaration, format.declaration])

    /// The standard-error logger the options ask for.
    public static func logger(_ options: ResolvedOptions) -> Logger {
        .standardError(level: options[level], format: options[format])
    }
}
