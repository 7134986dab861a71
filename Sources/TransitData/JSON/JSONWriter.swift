import Codecs

/// Writes compact JSON straight into a byte buffer.
///
/// Feeds and vehicle states are serialised on hot paths (every tick, every decode), so this
/// avoids `JSONEncoder`'s reflection and intermediate dictionaries. The writer tracks commas
/// itself; callers describe the structure with `object`/`array` closures.
public struct JSONWriter: Sendable {
    /// The UTF-8 JSON written so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(reservingCapacity capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes `{ … }`, with the members written by `body`.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[ … ]`, with the elements written by `body`.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"name":` inside an object; follow it with exactly one value.
    public mutating func key(_ name: String) {
        separate()
        JSONString.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value, escaped per RFC 8259.
    public mutating func value(_ string: String) {
        separate()
        JSONString.appendQuoted(string, to: &bytes)
        needsComma = true
    }

    /// Writes an integer value.
    public mutating func value<Integer: BinaryInteger>(_ integer: Integer) {
        separate()
        bytes.append(contentsOf: String(integer).utf8)
        needsComma = true
    }

    /// Writes a boolean value.
    public mutating func value(_ bool: Bool) {
        separate()
        bytes.append(contentsOf: (bool ? "true" : "false").utf8)
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Writes a number; non-finite values, which JSON cannot express, become `null`.
    /// - Parameter decimals: when given, rounds to that many places and drops trailing zeros
    ///   (coordinates use 5, about a metre).
    public mutating func value(_ double: Double, decimals: Int? = nil) {
        guard double.isFinite else { return null() }
        separate()
        if let decimals {
            bytes.append(contentsOf: Self.fixed(double, decimals: decimals).utf8)
        } else if double == double.rounded(), abs(double) < 1e15 {
            bytes.append(contentsOf: String(Int64(double)).utf8)
        } else {
            bytes.append(contentsOf: "\(double)".utf8)
        }
        needsComma = true
    }

    /// Inserts already-serialised JSON as one value (a cached fragment).
    public mutating func raw(_ json: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// `value` rounded to `decimals` places, without trailing zeros or a trailing point.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9e15 else { return "\(value)" }
        var digits = String(Int64(abs(scaled)))
        if digits.count <= decimals {
            digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
        }
        var integerPart = String(digits.dropLast(decimals))
        var fraction = String(digits.suffix(decimals))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if integerPart.isEmpty { integerPart = "0" }
        let sign = scaled < 0 ? "-" : ""
        return fraction.isEmpty ? sign + integerPart : sign + integerPart + "." + fraction
    }
}
