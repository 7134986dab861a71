/// A bounds-checked cursor over protobuf wire-format bytes.
///
/// The reader works on borrowed memory (`UnsafeRawBufferPointer`) with plain integer offsets, so
/// decoding allocates nothing but the strings and arrays of the model. Every read checks the
/// end of the enclosing message; nested messages and groups are limited to `maximumDepth`.
/// Errors carry the absolute byte offset where the problem was found.
public struct ProtobufReader {
    /// The nesting limit used unless a caller asks otherwise (the same as Google's libraries).
    public static let defaultMaximumDepth = 100

    private let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public private(set) var offset: Int
    /// The end of the message being read: reads never cross it.
    private var end: Int
    private var depth = 0
    /// How deeply messages and groups may nest.
    public let maximumDepth: Int
    /// The extensions to decode; unregistered extension fields are skipped.
    public let extensions: ProtobufExtensionRegistry

    /// A reader over `bytes`, which must stay valid while the reader is used.
    public init(
        _ bytes: UnsafeRawBufferPointer,
        extensions: ProtobufExtensionRegistry = ProtobufExtensionRegistry(),
        maximumDepth: Int = ProtobufReader.defaultMaximumDepth
    ) {
        self.bytes = bytes
        self.offset = 0
        self.end = bytes.count
        self.extensions = extensions
        self.maximumDepth = maximumDepth
    }

    /// Whether the current message has no bytes left.
    public var isAtEnd: Bool { offset >= end }

    // MARK: Fields

    /// Reads every field up to the end of the current message, passing each tag to `body`,
    /// which must consume the value (with a typed read, `message`, or `skip`).
    ///
    /// An error from inside is labelled with `M` and the field being read, unless a nested
    /// message already labelled it more precisely.
    @inline(__always)
    public mutating func readFields<M: ProtobufMessage>(
        of message: M.Type,
        _ body: (ProtobufTag, inout ProtobufReader) throws(ProtobufDecodingError) -> Void
    ) throws(ProtobufDecodingError) {
        var field = 0
        do throws(ProtobufDecodingError) {
            while offset < end {
                field = 0
                let tag = try readTag()
                field = tag.number
                if tag.wireType == .endGroup {
                    throw ProtobufDecodingError(.unmatchedEndGroup(field: tag.number), at: offset)
                }
                try body(tag, &self)
            }
        } catch var error {
            if error.location == nil { error.location = M.protobufLocation(ofField: field) }
            throw error
        }
    }

    /// Returns `value`, or fails saying that required field `number` of `M` is missing.
    @inline(__always)
    public func required<T, M: ProtobufMessage>(_ value: T?, _ number: Int, of message: M.Type)
        throws(ProtobufDecodingError) -> T {
        guard let value else {
            throw ProtobufDecodingError(.missingRequiredField, at: offset, in: M.protobufLocation(ofField: number))
        }
        return value
    }

    /// Reads a tag: a varint holding a field number and a wire type.
    @inline(__always)
    public mutating func readTag() throws(ProtobufDecodingError) -> ProtobufTag {
        let start = offset
        let raw = try readVarint()
        guard let wireType = ProtobufWireType(rawValue: UInt8(raw & 7)) else {
            throw ProtobufDecodingError(.invalidWireType(UInt8(raw & 7)), at: start)
        }
        let number = raw >> 3
        guard number > 0, number <= UInt64(ProtobufTag.maximumFieldNumber) else {
            throw ProtobufDecodingError(.invalidFieldNumber(number), at: start)
        }
        return ProtobufTag(number: Int(number), wireType: wireType)
    }

    // MARK: Scalars

    /// Reads a base-128 varint of at most ten bytes.
    @inline(__always)
    public mutating func readVarint() throws(ProtobufDecodingError) -> UInt64 {
        if offset < end {
            let first = bytes[offset]
            if first < 0x80 {
                offset += 1
                return UInt64(first)
            }
        }
        return try readLongVarint()
    }

    private mutating func readLongVarint() throws(ProtobufDecodingError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var index = offset
        // With ten bytes in reach no per-byte bounds check is needed.
        let limit = end - offset >= 10 ? offset + 10 : end
        while index < limit {
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 {
                offset = index
                return value
            }
            shift += 7
        }
        throw ProtobufDecodingError(index - start >= 10 ? .varintTooLong : .truncatedVarint, at: start)
    }

    @inline(__always)
    private mutating func expect(_ tag: ProtobufTag, _ wireType: ProtobufWireType) throws(ProtobufDecodingError) {
        guard tag.wireType == wireType else {
            throw ProtobufDecodingError(.wrongWireType(field: tag.number, found: tag.wireType, expected: wireType),
                                        at: offset)
        }
    }

    @inline(__always)
    private mutating func advance(by count: Int) throws(ProtobufDecodingError) -> Int {
        let start = offset
        guard count <= end - offset else {
            throw ProtobufDecodingError(.truncatedValue(needed: count, available: end - offset), at: start)
        }
        offset += count
        return start
    }

    /// Reads a varint field as `uint64`.
    @inline(__always)
    public mutating func uint64(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> UInt64 {
        try expect(tag, .varint)
        return try readVarint()
    }

    /// Reads a varint field as `int64` (two's complement).
    @inline(__always)
    public mutating func int64(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> Int64 {
        Int64(bitPattern: try uint64(tag))
    }

    /// Reads a varint field as `uint32`, keeping the low 32 bits as protobuf does.
    @inline(__always)
    public mutating func uint32(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> UInt32 {
        UInt32(truncatingIfNeeded: try uint64(tag))
    }

    /// Reads a varint field as `int32` (negative values arrive sign-extended to ten bytes).
    @inline(__always)
    public mutating func int32(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> Int32 {
        Int32(truncatingIfNeeded: try uint64(tag))
    }

    /// Reads a varint field as `bool` (any non-zero value is true).
    @inline(__always)
    public mutating func bool(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> Bool {
        try uint64(tag) != 0
    }

    /// Reads an enum field as the closed Swift enum `E`; proto2 treats a number the schema does
    /// not list like an unknown field, so such values come back as nil.
    @inline(__always)
    public mutating func enumeration<E: RawRepresentable<Int32>>(_ tag: ProtobufTag, as type: E.Type = E.self)
        throws(ProtobufDecodingError) -> E? {
        E(rawValue: try int32(tag))
    }

    /// Reads a `fixed32` field's four little-endian bytes.
    @inline(__always)
    public mutating func fixed32(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> UInt32 {
        try expect(tag, .fixed32)
        let start = try advance(by: 4)
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt32.self))
    }

    /// Reads a `fixed64` field's eight little-endian bytes.
    @inline(__always)
    public mutating func fixed64(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> UInt64 {
        try expect(tag, .fixed64)
        let start = try advance(by: 8)
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }

    /// Reads a `float` field.
    @inline(__always)
    public mutating func float(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> Float {
        Float(bitPattern: try fixed32(tag))
    }

    /// Reads a `double` field.
    @inline(__always)
    public mutating func double(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> Double {
        Double(bitPattern: try fixed64(tag))
    }

    // MARK: Length-delimited

    /// Reads a length prefix and returns the range of the bytes it covers, now consumed.
    @inline(__always)
    private mutating func lengthDelimited(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> Range<Int> {
        try expect(tag, .lengthDelimited)
        let lengthOffset = offset
        let length = try readVarint()
        guard length <= UInt64(end - offset) else {
            throw ProtobufDecodingError(.truncatedValue(needed: Int(clamping: length), available: end - offset),
                                        at: lengthOffset)
        }
        let start = try advance(by: Int(length))
        return start..<offset
    }

    /// Reads a `string` field. Invalid UTF-8 is repaired with U+FFFD, as proto2 does not
    /// promise valid text and a feed should not be lost over one bad byte.
    @inline(__always)
    public mutating func string(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> String {
        let range = try lengthDelimited(tag)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Reads a length-delimited field and returns the range of its bytes in the buffer, without
    /// decoding them (for callers that look inside lazily).
    @inline(__always)
    public mutating func embeddedBytes(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> Range<Int> {
        try lengthDelimited(tag)
    }

    /// Reads a `bytes` field.
    public mutating func bytes(_ tag: ProtobufTag) throws(ProtobufDecodingError) -> [UInt8] {
        let range = try lengthDelimited(tag)
        return Array(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    /// Reads an embedded message field of type `M` (for repeated fields; singular ones go
    /// through `ProtobufOccurrences` so that repeats merge).
    @inline(__always)
    public mutating func message<M: ProtobufMessage>(_ tag: ProtobufTag, as type: M.Type = M.self)
        throws(ProtobufDecodingError) -> M {
        try message(in: try lengthDelimited(tag), as: type)
    }

    /// Decodes the singular message field seen at `occurrences`, merging repeats; nil if it never
    /// appeared. Call after the enclosing message's fields have been read.
    @inline(__always)
    public mutating func message<M: ProtobufMessage>(_ occurrences: ProtobufOccurrences, as type: M.Type = M.self)
        throws(ProtobufDecodingError) -> M? {
        guard let first = occurrences.first else { return nil }
        guard occurrences.isRepeated else { return try message(in: first, as: type) }
        return try mergedMessage(occurrences.number, from: first, as: type)
    }

    /// Decodes the occurrences of singular message field `number` back to back, as one message.
    private mutating func mergedMessage<M: ProtobufMessage>(_ number: Int, from first: Range<Int>, as type: M.Type)
        throws(ProtobufDecodingError) -> M {
        let ranges = try rangesOfField(number, from: first)
        var merged: [UInt8] = []
        for range in ranges { merged.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range])) }
        let remainingDepth = maximumDepth - depth
        let extensions = self.extensions
        let result: Result<M, ProtobufDecodingError> = merged.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer, extensions: extensions, maximumDepth: remainingDepth)
            return Result { () throws(ProtobufDecodingError) in try reader.message(in: 0..<buffer.count, as: type) }
        }
        switch result {
        case let .success(message):
            return message
        case let .failure(error):
            // Report the offset in the input, not in the merged copy.
            var position = error.offset
            for range in ranges {
                if position < range.count || range == ranges.last { position += range.lowerBound; break }
                position -= range.count
            }
            throw ProtobufDecodingError(error.reason, at: position, in: error.location)
        }
    }

    /// The byte ranges of every occurrence of length-delimited field `number`, starting with
    /// `first` and rescanning the rest of the current message, which was read once already.
    private func rangesOfField(_ number: Int, from first: Range<Int>) throws(ProtobufDecodingError) -> [Range<Int>] {
        var scanner = self
        scanner.offset = first.upperBound
        var ranges = [first]
        while !scanner.isAtEnd {
            let tag = try scanner.readTag()
            if tag.number == number, tag.wireType == .lengthDelimited {
                ranges.append(try scanner.lengthDelimited(tag))
            } else {
                try scanner.skip(tag)
            }
        }
        return ranges
    }

    /// How many times field `number` occurs between the current position and the end of the
    /// message, for reserving array capacity up front. A quick tag-level scan that never throws:
    /// at malformed bytes or a group it stops with the count so far, and the real decode then
    /// reports any problem.
    public func count(ofField number: Int) -> Int {
        var position = offset
        var count = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while position < end, shift < 64 {
                let byte = bytes[position]
                position += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        while position < end, let tag = varint() {
            if Int(truncatingIfNeeded: tag >> 3) == number { count += 1 }
            switch tag & 7 {
            case 0: guard varint() != nil else { return count }
            case 1: position += 8
            case 2:
                guard let length = varint(), length <= UInt64(end - position) else { return count }
                position += Int(length)
            case 5: position += 4
            default: return count
            }
        }
        return count
    }

    @inline(__always)
    private mutating func message<M: ProtobufMessage>(in range: Range<Int>, as type: M.Type)
        throws(ProtobufDecodingError) -> M {
        guard depth < maximumDepth else {
            throw ProtobufDecodingError(.nestingTooDeep(limit: maximumDepth), at: range.lowerBound)
        }
        let (outerOffset, outerEnd) = (offset, end)
        offset = range.lowerBound
        end = range.upperBound
        depth += 1
        let message = try M(from: &self)
        depth -= 1
        offset = outerOffset
        end = outerEnd
        return message
    }

    /// Appends the values of a repeated scalar field to `values`, whether they arrive one per tag
    /// or packed into one length-delimited run, as parsers must accept both.
    /// - Parameter element: reads one value given a tag of the field's unpacked wire type.
    public mutating func repeated<T>(
        _ tag: ProtobufTag,
        unpacked wireType: ProtobufWireType,
        into values: inout [T],
        _ element: (inout ProtobufReader, ProtobufTag) throws(ProtobufDecodingError) -> T
    ) throws(ProtobufDecodingError) {
        guard tag.wireType == .lengthDelimited, wireType != .lengthDelimited else {
            values.append(try element(&self, tag))
            return
        }
        let range = try lengthDelimited(tag)
        let outerEnd = end
        offset = range.lowerBound
        end = range.upperBound
        let single = ProtobufTag(number: tag.number, wireType: wireType)
        while offset < end {
            values.append(try element(&self, single))
        }
        end = outerEnd
    }

    // MARK: Unknown fields

    /// Skips the value of a field this decoder does not know, for every wire type; a group is
    /// skipped up to its matching end-group tag, counting towards the nesting limit.
    public mutating func skip(_ tag: ProtobufTag) throws(ProtobufDecodingError) {
        switch tag.wireType {
        case .varint:
            _ = try readVarint()
        case .fixed64:
            _ = try advance(by: 8)
        case .fixed32:
            _ = try advance(by: 4)
        case .lengthDelimited:
            _ = try lengthDelimited(tag)
        case .startGroup:
            try skipGroup(number: tag.number)
        case .endGroup:
            throw ProtobufDecodingError(.unmatchedEndGroup(field: tag.number), at: offset)
        }
    }

    private mutating func skipGroup(number: Int) throws(ProtobufDecodingError) {
        let start = offset
        guard depth < maximumDepth else {
            throw ProtobufDecodingError(.nestingTooDeep(limit: maximumDepth), at: start)
        }
        depth += 1
        while true {
            guard offset < end else {
                throw ProtobufDecodingError(.unterminatedGroup(field: number), at: start)
            }
            let tagOffset = offset
            let inner = try readTag()
            if inner.wireType == .endGroup {
                guard inner.number == number else {
                    throw ProtobufDecodingError(.unmatchedEndGroup(field: inner.number), at: tagOffset)
                }
                break
            }
            try skip(inner)
        }
        depth -= 1
    }
}
