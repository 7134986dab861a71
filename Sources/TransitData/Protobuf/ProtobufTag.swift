/// The key in front of every protobuf field value: its field number and wire type.
public struct ProtobufTag: Equatable, Sendable {
    /// The field number from the schema (1 ... 2^29 - 1).
    public let number: Int
    /// How the value that follows is encoded.
    public let wireType: ProtobufWireType

    /// The largest field number protobuf allows.
    public static let maximumFieldNumber = (1 << 29) - 1

    public init(number: Int, wireType: ProtobufWireType) {
        self.number = number
        self.wireType = wireType
    }

    /// The varint that encodes this tag on the wire.
    public var rawValue: UInt64 { UInt64(number) << 3 | UInt64(wireType.rawValue) }
}
