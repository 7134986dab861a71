import Foundation
import TransitData

/// Which service ids run on a date, for a simulator that must run any day of the year.
///
/// A feed's calendar covers a few weeks; the bundled one ended in January 2025. Where the
/// calendar knows the date, it decides. Past its range the day of the week does: the services
/// whose weekly pattern includes that weekday (Weekday, Saturday or Sunday service), so the demo
/// looks like a normal day of that kind, holiday exceptions left out.
struct ServiceDays: Sendable {
    private let feed: GTFSFeed

    init(feed: GTFSFeed) {
        self.feed = feed
    }

    /// The services running on `date`.
    func serviceIDs(on date: GTFSDate) -> Set<String> {
        let inRange = feed.calendars.contains { $0.startDate <= date && date <= $0.endDate }
            || feed.calendarDates.contains { $0.date == date }
        if inRange { return feed.activeServiceIDs(on: date) }
        return Set(feed.calendars.lazy.filter { $0.weekdays.contains(date.weekday) }.map(\.serviceID))
    }
}
