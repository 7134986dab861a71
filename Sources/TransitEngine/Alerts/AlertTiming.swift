import Foundation

/// When an alert applies, relative to now, in the agency's local days.
public enum AlertTiming: String, Hashable, Sendable, CaseIterable {
    /// One of its active periods contains now.
    case now
    /// Its next period starts later on the current local day.
    case laterToday = "later_today"
    /// Its next period starts on the next local day ("Tomorrow" in the station callout).
    case tomorrow
    /// Its next period starts after tomorrow.
    case later
}

extension AlertTiming {
    /// Classifies `periods` at `now` (seconds since the Unix epoch); nil when every period has
    /// ended. No periods means always active. Days are calendar days in `timeZone`, so a day
    /// across a daylight-saving change is 23 or 25 hours long.
    public static func classify(_ periods: [AlertPeriod], at now: Double, in timeZone: TimeZone) -> AlertTiming? {
        if periods.isEmpty || periods.contains(where: { $0.contains(now) }) { return .now }
        guard let next = periods.compactMap({ $0.start }).filter({ $0 > now }).min() else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: now))
        guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: today),
              let dayAfter = calendar.date(byAdding: .day, value: 2, to: today)
        else { return .later }
        if next < tomorrow.timeIntervalSince1970 { return .laterToday }
        if next < dayAfter.timeIntervalSince1970 { return .tomorrow }
        return .later
    }
}
