/// How a protobuf field's value is laid out on the wire (the low three bits of its tag).
public enum ProtobufWireType: UInt8, Sendable {
    /// A base-128 varint: int32/64, uint32/64, sint32/64, bool, enum.
    case varint = 0
    /// Eight little-endian bytes: fixed64, sfixed64, double.
    case fixed64 = 1
    /// A varint length followed by that many bytes: strings, bytes, messages, packed repeated scalars.
    case lengthDelimited = 2
    /// The start of a (deprecated) group; its fields follow until the matching end-group tag.
    case startGroup = 3
    /// The end of a group.
    case endGroup = 4
    /// Four little-endian bytes: fixed32, sfixed32, float.
    case fixed32 = 5
}
