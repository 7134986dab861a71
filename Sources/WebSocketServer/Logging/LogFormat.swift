/// How a log event is written: one line either way.
public enum LogFormat: String, Sendable, CaseIterable {
    /// `2026-11-29T16:20:28.123Z warning feed ace: … key=value` for people and journald.
    case text
    /// `{"time":"…","level":"warning","message":"…","key":"value"}` for log collectors.
    case json
}
