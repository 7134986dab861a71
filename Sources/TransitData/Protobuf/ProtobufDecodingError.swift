/// Why protobuf bytes could not be decoded, and where.
///
/// The description reads like `truncated varint at byte 1234 in FeedEntity.trip_update`:
/// the byte offset is absolute in the decoded buffer, and the location is the innermost
/// message and field being read when the problem was found.
public struct ProtobufDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the bytes.
    public enum Reason: Equatable, Sendable {
        /// The input ended inside a varint.
        case truncatedVarint
        /// A varint ran past the ten bytes a 64-bit value can need.
        case varintTooLong
        /// A fixed-width or length-delimited value runs past the end of its enclosing message.
        case truncatedValue(needed: Int, available: Int)
        /// A tag carries wire type 6 or 7, which do not exist.
        case invalidWireType(UInt8)
        /// A tag carries field number 0 or one above 2^29 - 1.
        case invalidFieldNumber(UInt64)
        /// A known field arrived with a wire type its schema type cannot have.
        case wrongWireType(field: Int, found: ProtobufWireType, expected: ProtobufWireType)
        /// An end-group tag without its start, or with another field number.
        case unmatchedEndGroup(field: Int)
        /// A group whose end-group tag never came before the end of its enclosing message.
        case unterminatedGroup(field: Int)
        /// Messages or groups nested deeper than the reader allows.
        case nestingTooDeep(limit: Int)
        /// A field the schema marks `required` never appeared (the location names it).
        case missingRequiredField
    }

    /// What was wrong.
    public let reason: Reason
    /// The offset of the offending byte from the start of the input.
    public let offset: Int
    /// `Message.field` being read when the problem was found, or just `Message` between fields.
    public internal(set) var location: String?

    public init(_ reason: Reason, at offset: Int, in location: String? = nil) {
        self.reason = reason
        self.offset = offset
        self.location = location
    }

    public var description: String {
        let what: String
        switch reason {
        case .truncatedVarint:
            what = "truncated varint"
        case .varintTooLong:
            what = "varint longer than 10 bytes"
        case let .truncatedValue(needed, available):
            what = "truncated value (\(needed) bytes needed, \(available) left)"
        case let .invalidWireType(type):
            what = "invalid wire type \(type)"
        case let .invalidFieldNumber(number):
            what = "invalid field number \(number)"
        case let .wrongWireType(field, found, expected):
            what = "field \(field) has wire type \(found.rawValue), expected \(expected.rawValue)"
        case let .unmatchedEndGroup(field):
            what = "unmatched end of group \(field)"
        case let .unterminatedGroup(field):
            what = "group \(field) never ends"
        case let .nestingTooDeep(limit):
            what = "messages nested deeper than \(limit) levels"
        case .missingRequiredField:
            what = "missing required field"
        }
        guard let location else { return "\(what) at byte \(offset)" }
        return "\(what) at byte \(offset) in \(location)"
    }
}
