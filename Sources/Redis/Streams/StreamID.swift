/// A stream entry's id, `milliseconds-sequence`. Redis only requires ids to grow; Trackside's engine writes
/// explicit ids `term-seq` (`milliseconds` = the lease term), which is what fences a stale engine out.
public struct StreamID: Hashable, Sendable {
    public var milliseconds: UInt64
    public var sequence: UInt64

    public init(_ milliseconds: UInt64, _ sequence: UInt64) {
        self.milliseconds = milliseconds
        self.sequence = sequence
    }

    /// Parses `ms-seq` (or `ms`, sequence 0, as Redis accepts); nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= "0" && $0 <= "9" } }),
              let milliseconds = UInt64(parts[0]) else { return nil }
        let sequence = parts.count == 2 ? UInt64(parts[1]) : 0
        guard let sequence else { return nil }
        self.init(milliseconds, sequence)
    }

    /// The smallest id, `0-0`: reading after it reads the whole stream.
    public static let zero = StreamID(0, 0)
}

extension StreamID: Comparable {
    public static func < (lhs: StreamID, rhs: StreamID) -> Bool {
        (lhs.milliseconds, lhs.sequence) < (rhs.milliseconds, rhs.sequence)
    }
}

extension StreamID: CustomStringConvertible {
    public var description: String { "\(milliseconds)-\(sequence)" }
}
