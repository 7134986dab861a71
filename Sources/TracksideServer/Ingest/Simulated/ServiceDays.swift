import Foundation
import TransitData

/// Which service ids run on a date, for a simulator that must run any day of the year.
///
/// A feed's calendar covers a few weeks; the bundled one ended in January 2025. Within the
/// feed's range (its calendars' and calendar dates' first to last day) the calendar decides,
/// ranges and exceptions included, so two versions of a timetable never run side by side.
/// Outside it, the same weekday of the feed's last (or, before it, first) week stands in, so
/// the demo looks like a normal day of that kind.
struct ServiceDays: Sendable {
    private let feed: GTFSFeed
    /// The feed's first and last service day; nil for a feed without a calendar.
    private let range: ClosedRange<GTFSDate>?

    init(feed: GTFSFeed) {
        self.feed = feed
        let days = feed.calendars.flatMap { [$0.startDate, $0.endDate] } + feed.calendarDates.map(\.date)
        range = days.min().flatMap { first in days.max().map { first...$0 } }
    }

    /// The services running on `date`.
    func serviceIDs(on date: GTFSDate) -> Set<String> {
        feed.activeServiceIDs(on: standIn(for: date))
    }

    /// `date` within the feed's range, else the same weekday of its last or first week.
    func standIn(for date: GTFSDate) -> GTFSDate {
        guard let range, !range.contains(date) else { return date }
        let edge = date > range.upperBound ? range.upperBound : range.lowerBound
        let apart = (date.weekday.rawValue - edge.weekday.rawValue + 7) % 7
        return date > range.upperBound ? edge.adding(days: apart == 0 ? 0 : apart - 7) : edge.adding(days: apart)
    }
}
