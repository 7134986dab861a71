/// A one-day exception to the weekly calendar (`calendar_dates.txt`), e.g. Sunday service on a holiday.
public struct GTFSCalendarDate: Hashable, Sendable {
    /// Whether the service is added or removed on the date (`exception_type`).
    public enum Exception: Int, Hashable, Sendable {
        /// 1: the service runs on the date.
        case added = 1
        /// 2: the service does not run on the date.
        case removed = 2
    }

    /// `service_id`.
    public var serviceID: String
    /// `date`.
    public var date: GTFSDate
    /// `exception_type`.
    public var exception: Exception

    /// An exception with the given fields.
    public init(serviceID: String, date: GTFSDate, exception: Exception) {
        self.serviceID = serviceID
        self.date = date
        self.exception = exception
    }
}

extension GTFSCalendarDate: GTFSTableRow {
    public struct Columns {
        let serviceID: Int, date: Int, exception: Int
    }

    public static var tableName: String { "calendar_dates" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(serviceID: try header.requiredIndex(of: "service_id"), date: try header.requiredIndex(of: "date"),
                exception: try header.requiredIndex(of: "exception_type"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        let code = try record.int(columns.exception)
        guard let exception = Exception(rawValue: code) else {
            throw record.error(column: columns.exception, "exception_type must be 1 or 2, found \(code)")
        }
        self.init(serviceID: record.string(columns.serviceID), date: try record.date(columns.date), exception: exception)
    }
}
