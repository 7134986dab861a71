import Glibc

/// Writes events at or above a level as single lines, text or JSON, to one destination
/// (standard error for `trackside serve`). A value type: copies share the destination.
///
/// Messages are autoclosures, so an event below the level costs a comparison. Nothing on a
/// per-message path logs: events are startups, feed failures and recoveries, closed clients.
public struct Logger: Sendable {
    /// Events below this level are dropped.
    public let level: LogLevel
    public let format: LogFormat
    private let clock: @Sendable () -> Double
    private let write: @Sendable (String) -> Void

    /// A logger handing each finished line (newline included) to `write`; `clock` gives seconds since 1970.
    public init(level: LogLevel = .info, format: LogFormat = .text,
                clock: @escaping @Sendable () -> Double = Logger.wallClock,
                write: @escaping @Sendable (String) -> Void) {
        self.level = level
        self.format = format
        self.clock = clock
        self.write = write
    }

    /// A logger writing to standard error, one `write(2)` per line so that lines from
    /// different threads never interleave.
    public static func standardError(level: LogLevel = .info, format: LogFormat = .text) -> Logger {
        Logger(level: level, format: format) { line in
            var bytes = Array(line.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// The current time in seconds since 1970.
    public static let wallClock: @Sendable () -> Double = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Whether events of `level` are written.
    public func isEnabled(_ level: LogLevel) -> Bool {
        level >= self.level
    }

    /// Writes one event when its level is enabled.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String,
                    _ fields: @autoclosure () -> [(key: String, value: String)] = []) {
        guard isEnabled(level) else { return }
        let event = LogEvent(time: clock(), level: level, message: message(), fields: fields())
        write(event.line(in: format) + "\n")
    }

    public func debug(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> [(key: String, value: String)] = []) {
        log(.debug, message(), fields())
    }

    public func info(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> [(key: String, value: String)] = []) {
        log(.info, message(), fields())
    }

    public func warning(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> [(key: String, value: String)] = []) {
        log(.warning, message(), fields())
    }

    public func error(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> [(key: String, value: String)] = []) {
        log(.error, message(), fields())
    }
}
