/// An incremental UTF-8 validator: a deterministic finite automaton over byte classes.
///
/// RFC 6455 §8.1 requires text messages to be valid UTF-8 and lets an endpoint fail the
/// connection as soon as an invalid sequence arrives, even mid-fragment. The automaton keeps
/// its state between calls, so a message may be validated piece by piece as fragments (or
/// single TCP reads) arrive, and a bad byte is reported at the chunk that contains it.
///
/// The states follow the well-formed byte sequences of Unicode 15 Table 3-7: overlong forms
/// (C0, C1, E0 80..9F, F0 80..8F), surrogates (ED A0..BF) and code points past U+10FFFF
/// (F4 90.., F5..FF) all lead to the rejecting state.
public struct UTF8Validator: Sendable {
    /// The state after the bytes seen so far.
    private var state: UInt8 = UTF8Validator.accept

    /// A validator at the start of a message.
    public init() {}

    /// Whether every byte so far belongs to a valid sequence (a sequence may still be open).
    public var isValidSoFar: Bool { state != Self.reject }

    /// Whether the bytes so far are valid UTF-8 ending on a character boundary.
    public var isComplete: Bool { state == Self.accept }

    /// Starts over for a new message.
    public mutating func reset() {
        state = Self.accept
    }

    /// Feeds `bytes`; returns false as soon as they cannot be part of valid UTF-8.
    @discardableResult
    public mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var current = state
        guard current != Self.reject else { return false }
        let count = bytes.count
        var index = 0
        while index < count {
            if current == Self.accept {
                // ASCII runs are the common case in JSON: skip them eight bytes at a time.
                while index + 8 <= count,
                      bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                guard index < count else { break }
            }
            let byteClass = Self.byteClasses[Int(bytes[index])]
            current = Self.transitions[Int(current) &* Self.classCount &+ Int(byteClass)]
            if current == Self.reject {
                state = current
                return false
            }
            index += 1
        }
        state = current
        return true
    }

    /// Feeds the bytes of an array.
    @discardableResult
    public mutating func validate(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { validate($0) }
    }
}

extension UTF8Validator {
    // States. `accept` is a character boundary; the others say what must follow.
    fileprivate static let accept: UInt8 = 0
    fileprivate static let reject: UInt8 = 1
    fileprivate static let oneMore: UInt8 = 2          // any continuation, then done
    fileprivate static let twoMore: UInt8 = 3          // two continuations
    fileprivate static let threeMore: UInt8 = 4        // three continuations
    fileprivate static let afterE0: UInt8 = 5          // A0..BF (no overlong 3-byte form)
    fileprivate static let afterED: UInt8 = 6          // 80..9F (no surrogates)
    fileprivate static let afterF0: UInt8 = 7          // 90..BF (no overlong 4-byte form)
    fileprivate static let afterF4: UInt8 = 8          // 80..8F (nothing past U+10FFFF)
    fileprivate static let stateCount = 9

    // Byte classes: bytes that every state treats alike.
    private static let ascii: UInt8 = 0
    private static let continuationLow: UInt8 = 1      // 80..8F
    private static let continuationMiddle: UInt8 = 2   // 90..9F
    private static let continuationHigh: UInt8 = 3     // A0..BF
    private static let leadTwo: UInt8 = 4              // C2..DF
    private static let leadE0: UInt8 = 5
    private static let leadThree: UInt8 = 6            // E1..EC, EE..EF
    private static let leadED: UInt8 = 7
    private static let leadF0: UInt8 = 8
    private static let leadFour: UInt8 = 9             // F1..F3
    private static let leadF4: UInt8 = 10
    private static let invalid: UInt8 = 11             // C0, C1, F5..FF
    fileprivate static let classCount = 12

    fileprivate static let byteClasses: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch byte {
        case 0x00...0x7F: ascii
        case 0x80...0x8F: continuationLow
        case 0x90...0x9F: continuationMiddle
        case 0xA0...0xBF: continuationHigh
        case 0xC2...0xDF: leadTwo
        case 0xE0: leadE0
        case 0xED: leadED
        case 0xE1...0xEF: leadThree
        case 0xF0: leadF0
        case 0xF1...0xF3: leadFour
        case 0xF4: leadF4
        default: invalid
        }
    }

    fileprivate static let transitions: [UInt8] = {
        var table = [UInt8](repeating: reject, count: stateCount * classCount)
        func set(_ state: UInt8, _ byteClass: UInt8, _ next: UInt8) {
            table[Int(state) * classCount + Int(byteClass)] = next
        }
        set(accept, ascii, accept)
        set(accept, leadTwo, oneMore)
        set(accept, leadE0, afterE0)
        set(accept, leadThree, twoMore)
        set(accept, leadED, afterED)
        set(accept, leadF0, afterF0)
        set(accept, leadFour, threeMore)
        set(accept, leadF4, afterF4)
        for continuation in [continuationLow, continuationMiddle, continuationHigh] {
            set(oneMore, continuation, accept)
            set(twoMore, continuation, oneMore)
            set(threeMore, continuation, twoMore)
        }
        set(afterE0, continuationHigh, oneMore)
        set(afterED, continuationLow, oneMore)
        set(afterED, continuationMiddle, oneMore)
        set(afterF0, continuationMiddle, twoMore)
        set(afterF0, continuationHigh, twoMore)
        set(afterF4, continuationLow, twoMore)
        return table
    }()
}
