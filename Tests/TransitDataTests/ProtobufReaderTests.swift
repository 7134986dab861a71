import Testing
@testable import TransitData

/// A message that records which fields it saw, for exercising the reader directly.
private struct Probe: ProtobufMessage, Equatable {
    static var protobufName: String { "Probe" }
    static func protobufFieldName(_ number: Int) -> String? { number == 1 ? "value" : number == 2 ? "child" : nil }

    var values: [UInt64] = []
    var children: [Probe] = []

    init(values: [UInt64] = [], children: [Probe] = []) {
        self.values = values
        self.children = children
    }

    init(from reader: inout ProtobufReader) throws(ProtobufDecodingError) {
        var values: [UInt64] = []
        var children: [Probe] = []
        try reader.readFields(of: Self.self) { tag, reader throws(ProtobufDecodingError) in
            switch tag.number {
            case 1: try reader.repeated(tag, unpacked: .varint, into: &values) { r, t throws(ProtobufDecodingError) in try r.uint64(t) }
            case 2: children.append(try reader.message(tag, as: Probe.self))
            default: try reader.skip(tag)
            }
        }
        self.init(values: values, children: children)
    }

    func encode(to writer: inout ProtobufWriter) {
        for value in values { writer.write(value, field: 1) }
        writer.write(children, field: 2)
    }
}

private func decode(_ bytes: [UInt8], maximumDepth: Int = ProtobufReader.defaultMaximumDepth) throws(ProtobufDecodingError) -> Probe {
    try Probe(protobuf: bytes, maximumDepth: maximumDepth)
}

private func decodingError(_ bytes: [UInt8], maximumDepth: Int = ProtobufReader.defaultMaximumDepth) -> ProtobufDecodingError? {
    do {
        _ = try decode(bytes, maximumDepth: maximumDepth)
        return nil
    } catch {
        return error
    }
}

@Suite struct ProtobufReaderTests {
    @Test func readsVarintsOfEveryLength() throws {
        for value: UInt64 in [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 32, UInt64(Int64.max), .max] {
            var writer = ProtobufWriter()
            writer.write(value, field: 1)
            #expect(try decode(writer.bytes).values == [value])
        }
    }

    @Test func encodesNegativeInt32AsTenBytes() throws {
        var writer = ProtobufWriter()
        writer.write(Int32(-1), field: 1)
        #expect(writer.bytes == [0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])
        let value = try writer.bytes.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer)
            return try reader.int32(reader.readTag())
        }
        #expect(value == -1)
    }

    @Test func rejectsVarintLongerThanTenBytes() {
        let bytes: [UInt8] = [0x08] + Array(repeating: 0x80, count: 10) + [0x01]
        #expect(decodingError(bytes) == ProtobufDecodingError(.varintTooLong, at: 1, in: "Probe.value"))
    }

    @Test func rejectsTruncatedVarint() {
        #expect(decodingError([0x08, 0x80, 0x80]) == ProtobufDecodingError(.truncatedVarint, at: 1, in: "Probe.value"))
        #expect(decodingError([0x88]) == ProtobufDecodingError(.truncatedVarint, at: 0, in: "Probe"))
    }

    @Test func readsFixedWidthValues() throws {
        var writer = ProtobufWriter()
        writer.write(Float(40.75), field: 3)
        writer.write(Double(-73.99), field: 4)
        let (float, double, atEnd) = try writer.bytes.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer)
            return (try reader.float(reader.readTag()), try reader.double(reader.readTag()), reader.isAtEnd)
        }
        #expect(float == 40.75)
        #expect(double == -73.99)
        #expect(atEnd)
    }

    @Test func readsStringsAndBytes() throws {
        var writer = ProtobufWriter()
        writer.write("Ünïcødé 🚇", field: 5)
        writer.write([0, 0xff, 0x80] as [UInt8], field: 6)
        writer.write(["a", ""], field: 7)
        // Invalid UTF-8 in a string field is repaired, not fatal: proto2 does not promise text.
        let invalid: [UInt8] = [0x2a, 0x02, 0xc3, 0x28]
        let (text, bytes, first, second, repaired) = try (writer.bytes + invalid).withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer)
            return (try reader.string(reader.readTag()), try reader.bytes(reader.readTag()),
                    try reader.string(reader.readTag()), try reader.string(reader.readTag()),
                    try reader.string(reader.readTag()))
        }
        #expect(text == "Ünïcødé 🚇")
        #expect(bytes == [0, 0xff, 0x80])
        #expect([first, second] == ["a", ""])
        #expect(repaired == "\u{FFFD}(")
    }

    @Test func rejectsTruncatedFixedAndLengthDelimited() {
        #expect(decodingError([0x1d, 0x00, 0x00]) ==
                ProtobufDecodingError(.truncatedValue(needed: 4, available: 2), at: 1, in: "Probe.#3"))
        #expect(decodingError([0x19, 0x00]) ==
                ProtobufDecodingError(.truncatedValue(needed: 8, available: 1), at: 1, in: "Probe.#3"))
        #expect(decodingError([0x12, 0x05, 0x08]) ==
                ProtobufDecodingError(.truncatedValue(needed: 5, available: 1), at: 1, in: "Probe.child"))
    }

    @Test func aNestedMessageCannotReadPastItsLength() {
        // child claims 2 bytes, but its varint field needs a third: the child's end is the limit.
        #expect(decodingError([0x12, 0x02, 0x08, 0x80, 0x01]) ==
                ProtobufDecodingError(.truncatedVarint, at: 3, in: "Probe.value"))
    }

    @Test func acceptsPackedAndUnpackedRepeatedScalars() throws {
        let unpacked: [UInt8] = [0x08, 0x01, 0x08, 0x96, 0x01]
        let packed: [UInt8] = [0x0a, 0x03, 0x01, 0x96, 0x01]
        #expect(try decode(unpacked).values == [1, 150])
        #expect(try decode(packed).values == [1, 150])
        #expect(try decode(packed + unpacked).values == [1, 150, 1, 150])
        #expect(decodingError([0x0a, 0x02, 0x01, 0x96]) == ProtobufDecodingError(.truncatedVarint, at: 3, in: "Probe.value"))
    }

    @Test func skipsUnknownFieldsOfEveryWireType() throws {
        var bytes: [UInt8] = []
        bytes += [0x18, 0xac, 0x02]                        // field 3, varint
        bytes += [0x21] + Array(repeating: 0xaa, count: 8) // field 4, fixed64
        bytes += [0x2a, 0x03, 0x61, 0x62, 0x63]            // field 5, length-delimited
        bytes += [0x33, 0x38, 0x01, 0x43, 0x48, 0x02, 0x44, 0x34] // group 6 holding field 7 and group 8
        bytes += [0x4d, 0x01, 0x02, 0x03, 0x04]            // field 9, fixed32
        bytes += [0x08, 0x2a]                              // field 1 = 42
        #expect(try decode(bytes).values == [42])
    }

    @Test func rejectsBrokenGroups() {
        #expect(decodingError([0x33, 0x38, 0x01]) == ProtobufDecodingError(.unterminatedGroup(field: 6), at: 1, in: "Probe.#6"))
        #expect(decodingError([0x33, 0x3c]) == ProtobufDecodingError(.unmatchedEndGroup(field: 7), at: 1, in: "Probe.#6"))
        #expect(decodingError([0x34]) == ProtobufDecodingError(.unmatchedEndGroup(field: 6), at: 1, in: "Probe.#6"))
    }

    @Test func rejectsInvalidTags() {
        #expect(decodingError([0x0e, 0x00]) == ProtobufDecodingError(.invalidWireType(6), at: 0, in: "Probe"))
        #expect(decodingError([0x0f, 0x00]) == ProtobufDecodingError(.invalidWireType(7), at: 0, in: "Probe"))
        #expect(decodingError([0x00, 0x00]) == ProtobufDecodingError(.invalidFieldNumber(0), at: 0, in: "Probe"))
        #expect(decodingError([0x80, 0x80, 0x80, 0x80, 0x10, 0x00]) ==
                ProtobufDecodingError(.invalidFieldNumber(1 << 29), at: 0, in: "Probe"))
    }

    @Test func rejectsAKnownFieldWithTheWrongWireType() {
        #expect(decodingError([0x15, 0, 0, 0, 0]) == ProtobufDecodingError(
            .wrongWireType(field: 2, found: .fixed32, expected: .lengthDelimited), at: 1, in: "Probe.child"))
    }

    @Test func limitsNesting() throws {
        var probe = Probe(values: [7])
        for _ in 0..<10 { probe = Probe(children: [probe]) }
        let bytes = probe.protobufBytes
        #expect(try decode(bytes, maximumDepth: 10) == probe)
        let error = try #require(decodingError(bytes, maximumDepth: 9))
        #expect(error.reason == .nestingTooDeep(limit: 9))

        // Groups count too: 200 nested start-group tags never reach a stack overflow.
        let groups = Array(repeating: UInt8(0x33), count: 200) + Array(repeating: UInt8(0x34), count: 200)
        #expect(decodingError(groups)?.reason == .nestingTooDeep(limit: ProtobufReader.defaultMaximumDepth))
    }

    @Test func roundTripsLongMessages() throws {
        // Children past 127 bytes need a wider length prefix than the one byte reserved up front.
        let wide = Probe(values: Array(0..<100), children: [Probe(values: Array(1000..<1300))])
        #expect(try decode(wide.protobufBytes) == wide)
    }

    @Test func describesErrorsWithOffsetAndLocation() {
        let error = ProtobufDecodingError(.truncatedVarint, at: 1234, in: "FeedEntity.trip_update")
        #expect(error.description == "truncated varint at byte 1234 in FeedEntity.trip_update")
    }
}
