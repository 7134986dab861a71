/// A route colour from `routes.txt`, six hexadecimal digits such as `EE352E`.
public struct GTFSColor: Hashable, Sendable {
    /// The red component.
    public var red: UInt8
    /// The green component.
    public var green: UInt8
    /// The blue component.
    public var blue: UInt8

    /// A colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `RRGGBB` (an optional leading `#` is tolerated); nil when malformed.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.utf8.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// The colour as six upper-case hexadecimal digits, as written in GTFS.
    public var hex: String {
        let digits = "0123456789ABCDEF".utf8.map { $0 }
        let bytes = [red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension CSVRecord {
    /// Field `column` as a colour, or nil when absent or blank (the 2018 MTA routes have `" "`);
    /// malformed colours are errors.
    func optionalColor(_ column: Int?) throws(CSVError) -> GTFSColor? {
        guard let column else { return nil }
        let text = string(column)
        let digits = text.trimmingASCIISpaces()
        if digits.isEmpty { return nil }
        guard let color = GTFSColor(hex: digits) else {
            throw error(column: column, "expected a colour as six hexadecimal digits, found '\(text)'")
        }
        return color
    }
}
