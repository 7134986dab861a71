/// Where a singular embedded-message field appeared in its parent, for decoding after the
/// parent's fields have all been read.
///
/// Protobuf merges a singular message field that appears more than once (the NYCT feeds of 2017
/// send their header extension twice, one route each): the result is what decoding the
/// occurrences' bytes back to back gives, so required fields are checked on the merged message.
/// Repeats are rare, so only the first occurrence is kept and later ones are found again by
/// rescanning the parent when needed; the common case stays a few plain integers.
public struct ProtobufOccurrences: Sendable {
    /// The byte range of the first occurrence.
    public private(set) var first: Range<Int>?
    /// The field number, for finding later occurrences.
    public private(set) var number = 0
    /// Whether the field appeared more than once.
    public private(set) var isRepeated = false

    public init() {}

    /// Records one more occurrence of field `tag` with its bytes at `range`.
    public mutating func record(_ range: Range<Int>, of tag: ProtobufTag) {
        if first == nil {
            first = range
            number = tag.number
        } else {
            isRepeated = true
        }
    }
}
