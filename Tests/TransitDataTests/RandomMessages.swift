import TestSupport
import TransitData

/// A seeded source of random field values, so any failure reproduces from its seed.
///
/// Values favour the edges a codec gets wrong: zero, extremes, negative numbers that need ten
/// varint bytes, empty and non-ASCII strings, strings that JSON must escape.
struct RandomMessages {
    private var generator: SplitMix64
    /// Which feed kind's extensions the generated messages carry.
    let kind: RealtimeFeedKind

    init(seed: UInt64, kind: RealtimeFeedKind) {
        generator = SplitMix64(seed: seed)
        self.kind = kind
    }

    mutating func next() -> UInt64 { generator.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func uint64() -> UInt64 {
        switch below(4) {
        case 0: 0
        case 1: .max
        case 2: UInt64(below(300))
        default: next() >> UInt64(below(64))
        }
    }

    mutating func int64() -> Int64 {
        switch below(4) {
        case 0: .min
        case 1: .max
        case 2: Int64(below(600)) - 300
        default: Int64(bitPattern: next())
        }
    }

    mutating func uint32() -> UInt32 { UInt32(truncatingIfNeeded: uint64()) }
    mutating func int32() -> Int32 { Int32(truncatingIfNeeded: int64()) }
    mutating func bool() -> Bool { next() & 1 == 1 }

    mutating func float() -> Float {
        [0, -0.5, 40.7128, -73.99, .greatestFiniteMagnitude, .leastNonzeroMagnitude][below(6)]
            * (bool() ? 1 : Float(below(1000)) / 7)
    }

    mutating func double() -> Double {
        [0, 1e-300, 123_456.789, -1e300][below(4)] * (bool() ? 1 : Double(below(1000)) / 7)
    }

    mutating func string() -> String {
        let samples = ["", "A", "101N", "073850_1..N03R", "1G 1840+ CRS/CHU", "Ünïcødé 🚇 地铁",
                       "quote\" backslash\\ newline\n tab\t bell\u{07}", String(repeating: "x", count: 200)]
        return samples[below(samples.count)]
    }

    mutating func element<E: CaseIterable>(of type: E.Type) -> E {
        let cases = Array(E.allCases)
        return cases[below(cases.count)]
    }

    mutating func optional<T>(_ make: (inout RandomMessages) -> T) -> T? {
        bool() ? make(&self) : nil
    }

    mutating func repeated<T>(_ make: (inout RandomMessages) -> T) -> [T] {
        (0..<below(4)).map { _ in make(&self) }
    }
}
