/// The instants a GTFS-realtime feed writes as POSIX seconds (the `uint64` header and vehicle
/// timestamps, the `int64` stop time events), as the engine's `Double` seconds.
///
/// Only instants after 1970-01-01T00:00:00Z (0 means "not set") and up to
/// 9999-12-31T23:59:59Z, the last an ISO 8601 date (and so SIRI) can name, are taken; anything
/// else is garbage and read as absent. Without the bound a feed's `uint64` maximum became
/// 1.8e19 seconds, which no `Int64` or `UInt64` holds: the first state or arrival board
/// written with it trapped, and one bad feed took the server down.
public enum FeedTime {
    /// 9999-12-31T23:59:59Z.
    public static let latest: Int64 = 253_402_300_799

    /// `value` in seconds, or nil when it is absent, zero or outside 1970…9999.
    public static func seconds<Value: BinaryInteger>(_ value: Value?) -> Double? {
        guard let value, value > 0, value <= latest else { return nil }
        return Double(value)
    }
}
