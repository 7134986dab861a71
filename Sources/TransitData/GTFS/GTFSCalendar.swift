/// The weekly pattern of one service between two dates (`calendar.txt`).
public struct GTFSCalendar: Hashable, Sendable {
    /// `service_id`.
    public var serviceID: String
    /// The days of the week the service runs.
    public var weekdays: Set<GTFSWeekday>
    /// `start_date`, inclusive.
    public var startDate: GTFSDate
    /// `end_date`, inclusive.
    public var endDate: GTFSDate

    /// A calendar entry with the given fields.
    public init(serviceID: String, weekdays: Set<GTFSWeekday>, startDate: GTFSDate, endDate: GTFSDate) {
        self.serviceID = serviceID
        self.weekdays = weekdays
        self.startDate = startDate
        self.endDate = endDate
    }

    /// Whether the weekly pattern includes `date` (before `calendar_dates.txt` exceptions).
    public func runs(on date: GTFSDate) -> Bool {
        startDate <= date && date <= endDate && weekdays.contains(date.weekday)
    }
}

extension GTFSCalendar: GTFSTableRow {
    public struct Columns {
        let serviceID: Int, days: [(GTFSWeekday, Int)], startDate: Int, endDate: Int
    }

    public static var tableName: String { "calendar" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        var days: [(GTFSWeekday, Int)] = []
        for weekday in GTFSWeekday.allCases {
            days.append((weekday, try header.requiredIndex(of: weekday.columnName)))
        }
        return Columns(serviceID: try header.requiredIndex(of: "service_id"), days: days,
                       startDate: try header.requiredIndex(of: "start_date"), endDate: try header.requiredIndex(of: "end_date"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        var weekdays: Set<GTFSWeekday> = []
        for (weekday, column) in columns.days {
            switch try record.int(column) {
            case 0: break
            case 1: weekdays.insert(weekday)
            case let other: throw record.error(column: column, "expected 0 or 1, found \(other)")
            }
        }
        let start = try record.date(columns.startDate)
        let end = try record.date(columns.endDate)
        guard start <= end else { throw record.error(column: columns.endDate, "end_date \(end) is before start_date \(start)") }
        self.init(serviceID: record.string(columns.serviceID), weekdays: weekdays, startDate: start, endDate: end)
    }
}
