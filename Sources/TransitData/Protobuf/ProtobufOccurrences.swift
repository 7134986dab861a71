/// Where a singular embedded-message field appeared in its parent, for decoding after the
/// parent's fields have all been read.
///
/// Protobuf merges a singular message field that appears more than once (the NYCT feeds of 2017
/// send their header extension twice, one route each): the result is what decoding the
/// occurrences' bytes back to back gives. Required fields are therefore checked on the merged
/// message, not on each occurrence.
public struct ProtobufOccurrences: Sendable {
    /// The byte range of the first occurrence.
    public private(set) var first: Range<Int>?
    /// The byte ranges of any later occurrences, in order (empty in the common case).
    public private(set) var later: [Range<Int>] = []

    public init() {}

    /// Records one more occurrence.
    public mutating func record(_ range: Range<Int>) {
        if first == nil { first = range } else { later.append(range) }
    }
}
