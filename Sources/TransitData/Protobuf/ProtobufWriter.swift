/// Builds protobuf wire-format bytes, field by field.
///
/// Optional-taking overloads write nothing for nil, so a message's `encode(to:)` can list its
/// fields without a branch per field. Fields are written in the order they are given.
public struct ProtobufWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init(reservingCapacity capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends a base-128 varint.
    public mutating func writeVarint(_ value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    /// Appends the tag of field `number` with `wireType`.
    public mutating func writeTag(_ number: Int, _ wireType: ProtobufWireType) {
        writeVarint(ProtobufTag(number: number, wireType: wireType).rawValue)
    }

    /// Writes a `uint64` (or any varint-encoded unsigned) field.
    public mutating func write(_ value: UInt64?, field: Int) {
        guard let value else { return }
        writeTag(field, .varint)
        writeVarint(value)
    }

    /// Writes an `int64` field.
    public mutating func write(_ value: Int64?, field: Int) {
        write(value.map { UInt64(bitPattern: $0) }, field: field)
    }

    /// Writes a `uint32` field.
    public mutating func write(_ value: UInt32?, field: Int) {
        write(value.map { UInt64($0) }, field: field)
    }

    /// Writes an `int32` field; negative values are sign-extended to ten bytes, as the format requires.
    public mutating func write(_ value: Int32?, field: Int) {
        write(value.map { Int64($0) }, field: field)
    }

    /// Writes a `bool` field.
    public mutating func write(_ value: Bool?, field: Int) {
        write(value.map { $0 ? UInt64(1) : 0 }, field: field)
    }

    /// Writes an enum field as its number.
    public mutating func write<E: RawRepresentable<Int32>>(_ value: E?, field: Int) {
        write(value?.rawValue, field: field)
    }

    /// Writes a `float` field.
    public mutating func write(_ value: Float?, field: Int) {
        guard let value else { return }
        writeTag(field, .fixed32)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes a `double` field.
    public mutating func write(_ value: Double?, field: Int) {
        guard let value else { return }
        writeTag(field, .fixed64)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Writes a `string` field.
    public mutating func write(_ value: String?, field: Int) {
        guard let value else { return }
        writeTag(field, .lengthDelimited)
        var text = value
        text.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes a `bytes` field.
    public mutating func write(_ value: [UInt8]?, field: Int) {
        guard let value else { return }
        writeTag(field, .lengthDelimited)
        writeVarint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Writes each string of a repeated `string` field.
    public mutating func write(_ values: [String], field: Int) {
        for value in values { write(value, field: field) }
    }

    /// Writes an embedded message field.
    public mutating func write<M: ProtobufMessage>(_ message: M?, field: Int) {
        guard let message else { return }
        writeTag(field, .lengthDelimited)
        // The length comes before the body but is known only after it: reserve one byte,
        // which fits most messages, and widen it in place for longer ones.
        let lengthIndex = bytes.count
        bytes.append(0)
        message.encode(to: &self)
        let length = bytes.count - lengthIndex - 1
        if length < 0x80 {
            bytes[lengthIndex] = UInt8(length)
        } else {
            var prefix = ProtobufWriter(reservingCapacity: 10)
            prefix.writeVarint(UInt64(length))
            bytes.replaceSubrange(lengthIndex..<(lengthIndex + 1), with: prefix.bytes)
        }
    }

    /// Writes each message of a repeated message field.
    public mutating func write<M: ProtobufMessage>(_ messages: [M], field: Int) {
        for message in messages { write(message, field: field) }
    }
}
