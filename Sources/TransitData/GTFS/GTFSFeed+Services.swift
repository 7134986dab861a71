/// Which services run on a given day, from `calendar.txt` and `calendar_dates.txt`.
extension GTFSFeed {
    /// The `service_id`s running on `date`: the weekly pattern, then the day's exceptions applied.
    public func activeServiceIDs(on date: GTFSDate) -> Set<String> {
        var active = Set(calendars.lazy.filter { $0.runs(on: date) }.map(\.serviceID))
        for exception in calendarDates where exception.date == date {
            switch exception.exception {
            case .added: active.insert(exception.serviceID)
            case .removed: active.remove(exception.serviceID)
            }
        }
        return active
    }
}
