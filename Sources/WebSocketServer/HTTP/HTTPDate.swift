import Glibc
import Synchronization

/// IMF-fixdate formatting (`Sun, 06 Nov 1994 08:49:37 GMT`) for `Date` and `Last-Modified`.
enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// The `Date` header changes once a second; every response in that second reuses the text.
    private static let cache = Mutex<(second: Int, text: String)>((-1, ""))

    /// The current time, formatted; cached per second.
    static func now() -> String {
        let second = time(nil)
        return cache.withLock { cached in
            if cached.second != second { cached = (second, format(second)) }
            return cached.text
        }
    }

    /// `seconds` since 1970 (UTC), formatted.
    static func format(_ seconds: Int) -> String {
        var value = time_t(seconds)
        var parts = tm()
        gmtime_r(&value, &parts)
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
