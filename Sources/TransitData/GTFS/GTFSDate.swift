import Foundation

/// A calendar date as GTFS writes it, `YYYYMMDD` (service days, calendar ranges and exceptions).
public struct GTFSDate: Hashable, Comparable, Sendable {
    /// The year, e.g. 2024.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…31.
    public let day: Int

    /// A date from its parts; nil when the day does not exist (e.g. 20230229).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= Self.daysInMonth(month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYYMMDD`; nil when malformed or not a real date.
    public init?(_ text: String) {
        var copy = text
        guard let parsed = copy.withUTF8({ Self.parse($0) }) else { return nil }
        self = parsed
    }

    /// The service date that `instant` falls on in `timeZone` (the agency's zone).
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        // A Gregorian calendar always yields a valid day.
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)!
    }

    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> GTFSDate? {
        let bytes = ASCIINumber.trimmed(raw)
        guard bytes.count == 8, let number = ASCIINumber.integer(bytes), number >= 0 else { return nil }
        return GTFSDate(year: number / 10000, month: number / 100 % 100, day: number % 100)
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The day of the week.
    public var weekday: GTFSWeekday {
        // Days since 1970-01-01 (a Thursday), by the civil-from-days inverse.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
        // 1970-01-01 was a Thursday, index 3 when Monday is 0.
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return GTFSWeekday.allCases[index]
    }

    public static func < (lhs: GTFSDate, rhs: GTFSDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension GTFSDate: CustomStringConvertible {
    /// The date as GTFS writes it, `YYYYMMDD`.
    public var description: String {
        let number = year * 10000 + month * 100 + day
        let text = String(number)
        return String(repeating: "0", count: max(0, 8 - text.count)) + text
    }
}

/// A day of the week, in the column order of `calendar.txt`.
public enum GTFSWeekday: Int, CaseIterable, Hashable, Sendable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The `calendar.txt` column for this day, e.g. `monday`.
    public var columnName: String { String(describing: self) }
}

extension CSVRecord {
    /// Field `column` as a date; empty or malformed dates are errors.
    func date(_ column: Int) throws(CSVError) -> GTFSDate {
        guard let date = withBytes(of: column, { GTFSDate.parse($0) }) else {
            throw error(column: column, "expected a date as YYYYMMDD, found '\(string(column))'")
        }
        return date
    }
}
