/// A message type with a protobuf wire form: decodes from a `ProtobufReader` and encodes into a
/// `ProtobufWriter`.
///
/// Conformers read their fields with `ProtobufReader.readFields(of:_:)`, which also labels any
/// error with the message and field being read, so names here appear in error messages.
public protocol ProtobufMessage: Sendable {
    /// The message name in the `.proto` schema, e.g. `FeedEntity`.
    static var protobufName: String { get }
    /// The schema name of field `number`, e.g. `trip_update`, or nil when the message has no such field.
    static func protobufFieldName(_ number: Int) -> String?
    /// Decodes the fields between the reader's position and the end of the current message.
    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError)
    /// Appends this message's fields (without its own tag or length) to `writer`.
    func encode(to writer: inout ProtobufWriter)
}

extension ProtobufMessage {
    /// Decodes a whole buffer as one message of this type.
    /// - Parameter extensions: the extensions to decode; others are skipped as unknown fields.
    public init(
        protobuf bytes: [UInt8],
        extensions: ProtobufExtensionRegistry = ProtobufExtensionRegistry(),
        maximumDepth: Int = ProtobufReader.defaultMaximumDepth
    ) throws(ProtobufDecodingError) {
        let decoded: Result<Self, ProtobufDecodingError> = bytes.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer, extensions: extensions, maximumDepth: maximumDepth)
            return Result { () throws(ProtobufDecodingError) in try Self(from: &reader) }
        }
        self = try decoded.get()
    }

    /// The message's wire form.
    public var protobufBytes: [UInt8] {
        var writer = ProtobufWriter()
        encode(to: &writer)
        return writer.bytes
    }

    /// `Message.field` for error locations; unknown numbers appear as `Message.#number`.
    static func protobufLocation(ofField number: Int) -> String {
        guard number > 0 else { return protobufName }
        return "\(protobufName).\(protobufFieldName(number) ?? "#\(number)")"
    }
}
