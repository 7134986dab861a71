import Foundation

extension GTFSDate {
    /// The instant schedule times of this service day count from: noon minus 12 hours in
    /// `timeZone` (GTFS's definition, which differs from midnight on days the clocks change).
    public func serviceDayStart(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return noon.addingTimeInterval(-12 * 3600)
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> GTFSDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return GTFSDate(calendar.date(byAdding: .day, value: days, to: start)!, in: calendar.timeZone)
    }
}
