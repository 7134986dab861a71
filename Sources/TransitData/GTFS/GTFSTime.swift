/// A schedule time (`arrival_time`, `departure_time`): seconds after "noon minus 12 h" of the service day.
///
/// Times past midnight are written as `25:10:00` and belong to the previous service day, so the
/// value may exceed 24 h; on days when clocks change, "noon minus 12 h" is not midnight.
public struct GTFSTime: Hashable, Comparable, Sendable {
    /// Seconds since the start of the service day.
    public var secondsSinceServiceDayStart: Int32

    /// A time from its seconds.
    public init(secondsSinceServiceDayStart: Int32) {
        self.secondsSinceServiceDayStart = secondsSinceServiceDayStart
    }

    /// A time from hours, minutes and seconds.
    public init(hours: Int, minutes: Int, seconds: Int) {
        self.init(secondsSinceServiceDayStart: Int32(hours * 3600 + minutes * 60 + seconds))
    }

    /// Parses `H:MM:SS` or `HH:MM:SS` (spaces around are tolerated); nil when malformed.
    public init?(_ text: String) {
        var copy = text
        guard let parsed = copy.withUTF8({ Self.parse($0) }) else { return nil }
        self = parsed
    }

    /// Parses the bytes of a time field.
    static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> GTFSTime? {
        let bytes = ASCIINumber.trimmed(raw)
        // Hours take one to three digits (trips may run past 24:00); minutes and seconds exactly two.
        var hours = 0, minutes = 0, value = 0
        var colons = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ":") {
                guard digits > 0, colons < 2, colons == 0 || digits == 2 else { return nil }
                if colons == 0 { hours = value } else { minutes = value }
                colons += 1
                value = 0
                digits = 0
            } else if byte >= 48 && byte <= 57, digits < 3 {
                value = value * 10 + Int(byte - 48)
                digits += 1
            } else {
                return nil
            }
        }
        guard digits == 2, colons == 2 else { return nil }
        let seconds = value
        guard minutes < 60, seconds < 60 else { return nil }
        return GTFSTime(hours: hours, minutes: minutes, seconds: seconds)
    }

    public static func < (lhs: GTFSTime, rhs: GTFSTime) -> Bool {
        lhs.secondsSinceServiceDayStart < rhs.secondsSinceServiceDayStart
    }
}

extension GTFSTime: CustomStringConvertible {
    /// The time as GTFS writes it, `HH:MM:SS`.
    public var description: String {
        let total = Int(secondsSinceServiceDayStart)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(twoDigits(total / 3600)):\(twoDigits(total / 60 % 60)):\(twoDigits(total % 60))"
    }
}

extension CSVRecord {
    /// Field `column` as a schedule time, or nil when absent or empty; malformed times are errors.
    func optionalTime(_ column: Int?) throws(CSVError) -> GTFSTime? {
        guard let column, !isEmpty(column) else { return nil }
        guard let time = withBytes(of: column, { GTFSTime.parse($0) }) else {
            throw error(column: column, "expected a time as HH:MM:SS, found '\(string(column))'")
        }
        return time
    }
}
