import Foundation

/// Parses RFC 3339 / ISO 8601 date-times such as `2017-02-25T15:42:33.865-05:00`.
///
/// SIRI stamps every vehicle and call with such a time, and a system-wide snapshot holds
/// tens of thousands of them; a `DateFormatter` per value would dominate decoding. This reads
/// the digits directly and computes the instant arithmetically (proleptic Gregorian calendar),
/// so it needs no calendar or time-zone database: the offset in the text is authoritative.
///
/// Accepted: `YYYY-MM-DD`, a `T`, `t` or space, `hh:mm:ss`, an optional fraction of any length
/// (digits beyond nanoseconds are ignored), then `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`.
/// A time without an offset is rejected: its instant would depend on the reader's zone.
public enum ISO8601Timestamp {
    /// The instant `text` denotes, or nil when it is not a complete date-time with an offset.
    public static func parse(_ text: String) -> Date? {
        secondsSince1970(text).map { Date(timeIntervalSince1970: $0) }
    }

    /// Seconds since 1970-01-01T00:00:00Z, or nil when `text` is not a valid date-time.
    public static func secondsSince1970(_ text: String) -> Double? {
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ secondsSince1970(bytes: $0) }) {
            return parsed
        }
        return Array(text.utf8).withUnsafeBufferPointer { secondsSince1970(bytes: $0) }
    }

    /// The same, over UTF-8 bytes.
    public static func secondsSince1970(bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2),
              reader.skipAny(of: [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]),
              let hour = reader.number(digits: 2), reader.skip(":"),
              let minute = reader.number(digits: 2), reader.skip(":"),
              let second = reader.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var fraction = 0.0
        if reader.skip(".") || reader.skip(",") {
            guard let value = reader.fraction() else { return nil }
            fraction = value
        }
        guard let offset = reader.offsetSeconds(), reader.isAtEnd else { return nil }

        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// Days from 1970-01-01 to the given civil date, negative before it.
    ///
    /// Counts in 400-year eras starting on 1 March, so that the leap day falls at the end of
    /// each computational year and the month lengths follow a fixed pattern.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// A cursor over the bytes of one timestamp.
private struct DigitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for _ in 0..<digits {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
            index += 1
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        skipAny(of: [UInt8(ascii: character)])
    }

    mutating func skipAny(of characters: [UInt8]) -> Bool {
        guard index < bytes.count, characters.contains(bytes[index]) else { return false }
        index += 1
        return true
    }

    /// The digits after a decimal point as a fraction of a second; at least one digit.
    mutating func fraction() -> Double? {
        var numerator = 0
        var denominator = 1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
            if denominator < 1_000_000_000 {
                numerator = numerator * 10 + Int(bytes[index]) - 48
                denominator *= 10
            }
            index += 1
        }
        return index > start ? Double(numerator) / Double(denominator) : nil
    }

    /// The zone designator as seconds east of UTC.
    mutating func offsetSeconds() -> Int? {
        if skipAny(of: [UInt8(ascii: "Z"), UInt8(ascii: "z")]) { return 0 }
        let sign: Int
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = number(digits: 2), hours <= 23 else { return nil }
        var minutes = 0
        if !isAtEnd {
            _ = skip(":")
            guard let value = number(digits: 2), value <= 59 else { return nil }
            minutes = value
        }
        return sign * (hours * 3_600 + minutes * 60)
    }
}
