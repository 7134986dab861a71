/// Numbers parsed directly from field bytes; GTFS tables are mostly numbers, and going through
/// `String` for each of them would dominate the load time.
extension CSVRecord {
    /// Field `column` as an integer; empty or malformed fields are errors.
    public func int(_ column: Int) throws(CSVError) -> Int {
        let value = withBytes(of: column) { ASCIINumber.integer($0) }
        guard let value else { throw error(column: column, "expected an integer, found '\(string(column))'") }
        return value
    }

    /// Field `column` as an integer, or nil when the column is absent or the field is empty.
    public func optionalInt(_ column: Int?) throws(CSVError) -> Int? {
        guard let column, !isEmpty(column) else { return nil }
        return try int(column)
    }

    /// Field `column` as a decimal number; empty or malformed fields are errors.
    public func double(_ column: Int) throws(CSVError) -> Double {
        let value = withBytes(of: column) { ASCIINumber.decimal($0) }
        guard let value else { throw error(column: column, "expected a number, found '\(string(column))'") }
        return value
    }

    /// Field `column` as a decimal number, or nil when the column is absent or the field is empty.
    public func optionalDouble(_ column: Int?) throws(CSVError) -> Double? {
        guard let column, !isEmpty(column) else { return nil }
        return try double(column)
    }
}

/// Parsers for the plain ASCII numbers found in CSV fields (surrounding spaces allowed).
enum ASCIINumber {
    /// Removes leading and trailing spaces and tabs.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A decimal integer with an optional sign, or nil when malformed or out of range.
    static func integer(_ raw: UnsafeBufferPointer<UInt8>) -> Int? {
        let bytes = trimmed(raw)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.count else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(digit)
            guard !overflowA, !overflowB else { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }

    /// Exact powers of ten representable in a `Double`.
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    /// A decimal number such as `-73.898583` or `1e-3`, or nil when malformed.
    ///
    /// Plain decimals with at most 15 significant digits (every coordinate in a GTFS feed) take the
    /// exact fast path: the digits form an integer below 2^53 and one division by an exact power
    /// of ten rounds correctly. Anything else goes to the standard library parser.
    static func decimal(_ raw: UnsafeBufferPointer<UInt8>) -> Double? {
        let bytes = trimmed(raw)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if byte >= 48 && byte <= 57 {
                mantissa = mantissa &* 10 &+ Int(byte - 48)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        if index == bytes.count, digits > 0, digits <= 15 {
            let magnitude = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        guard !bytes.isEmpty else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
