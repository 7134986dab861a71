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

    /// The seconds since 1970 of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), or nil for anything else
    /// (RFC 9110 §5.6.7: a recipient may ignore the obsolete forms; an unparsable `If-Modified-Since` is ignored).
    static func parse(_ text: String) -> Int? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].count == 4, parts[0].hasSuffix(","), days.contains(String(parts[0].dropLast())),
              parts[5] == "GMT", let day = Int32(parts[1]), parts[1].count == 2, (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[2])), let year = Int32(parts[3]), parts[3].count == 4 else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int32(clock[0]), let minute = Int32(clock[1]),
              let second = Int32(clock[2]), hour < 24, minute < 60, second < 61 else { return nil }
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = Int32(month)
        fields.tm_mday = day
        fields.tm_hour = hour
        fields.tm_min = minute
        fields.tm_sec = second
        return Int(timegm(&fields))
    }
}
