import Foundation
import Testing
import TestSupport
@testable import TransitData

@Suite struct CSVReaderTests {
    /// Every field of every record, reading `text` in pieces of `pieceSize` bytes so that
    /// records, quotes and CRLF pairs straddle piece boundaries.
    static func fields(_ text: String, pieceSize: Int = 1 << 16, maximumRecordSize: Int = 1 << 20) throws(CSVError) -> (header: [String], rows: [[String]], lines: [Int]) {
        var reader = try CSVReader(source: MemoryByteSource(Data(text.utf8), pieceSize: pieceSize), file: "test.txt",
                                   maximumRecordSize: maximumRecordSize)
        var record = CSVRecord(header: reader.header)
        var rows: [[String]] = []
        var lines: [Int] = []
        while try reader.read(into: &record) {
            rows.append((0..<record.count).map { record.string($0) })
            lines.append(record.line)
        }
        return (reader.header.names, rows, lines)
    }

    static let pieceSizes = [1, 2, 3, 5, 64, 1 << 16]

    @Test(arguments: pieceSizes)
    func readsQuotedFieldsWithCommasQuotesAndLineBreaks(pieceSize: Int) throws {
        let text = "id,name,note\r\n1,\"Broadway, 7 Av\",\"say \"\"hi\"\"\"\r\n2,\"two\r\nlines\",\"\"\r\n3,plain,\n"
        let result = try Self.fields(text, pieceSize: pieceSize)
        #expect(result.header == ["id", "name", "note"])
        #expect(result.rows == [["1", "Broadway, 7 Av", "say \"hi\""], ["2", "two\r\nlines", ""], ["3", "plain", ""]])
        // The record after a quoted line break starts one physical line further down.
        #expect(result.lines == [2, 3, 5])
    }

    @Test(arguments: pieceSizes)
    func acceptsBOMBlankLinesLoneCRAndNoFinalNewline(pieceSize: Int) throws {
        let text = "\u{FEFF}a,b\n\n1,2\r3,4\r\n\r\n5,6"
        let result = try Self.fields(text, pieceSize: pieceSize)
        #expect(result.header == ["a", "b"])
        #expect(result.rows == [["1", "2"], ["3", "4"], ["5", "6"]])
        #expect(result.lines == [3, 4, 6])
    }

    @Test func trimsHeaderNamesAndFindsColumnsByName() throws {
        var reader = try CSVReader(source: MemoryByteSource(Data(" stop_id , stop_name\n".utf8)), file: "stops.txt")
        #expect(reader.header.index(of: "stop_name") == 1)
        #expect(reader.header.index(of: "stop_lat") == nil)
        let error = try #require(throws: CSVError.self) { try reader.header.requiredIndex(of: "stop_lat") }
        #expect(error.description.hasPrefix("stops.txt:1: missing required column 'stop_lat'"))
        var record = CSVRecord(header: reader.header)
        #expect(try reader.read(into: &record) == false)
    }

    @Test(arguments: pieceSizes)
    func reportsAnUnterminatedQuoteWhereItOpened(pieceSize: Int) {
        let error = #expect(throws: CSVError.self) {
            try Self.fields("a,b\n1,2\n3,\"never\nclosed\n", pieceSize: pieceSize)
        }
        #expect(error?.line == 3)
        #expect(error?.column == 2)
        #expect(error?.columnName == "b")
        #expect(error?.description == "test.txt:3:2 (b): quoted field is never closed")
    }

    @Test func reportsAWrongFieldCount() {
        let error = #expect(throws: CSVError.self) { try Self.fields("a,b,c\n1,2,3\n4,5\n") }
        #expect(error?.line == 3)
        #expect(error?.reason == "expected 3 fields as in the header, found 2")
        #expect(throws: CSVError.self) { try Self.fields("a,b\n1,2,3\n") }
    }

    @Test func rejectsStrayQuotes() {
        let inside = #expect(throws: CSVError.self) { try Self.fields("a,b\n1,ab\"c\n") }
        #expect(inside?.line == 2)
        #expect(inside?.column == 2)
        let after = #expect(throws: CSVError.self) { try Self.fields("a,b\n\"1\"x,2\n") }
        #expect(after?.column == 1)
        #expect(after?.reason == "unexpected character after the closing quote")
    }

    @Test func rejectsAnEmptyFile() {
        #expect(throws: CSVError.self) { try Self.fields("") }
        #expect(throws: CSVError.self) { try Self.fields("\u{FEFF}") }
    }

    @Test func boundsTheRecordSize() {
        let huge = "a\n\"" + String(repeating: "x", count: 5_000)
        let error = #expect(throws: CSVError.self) { try Self.fields(huge, pieceSize: 256, maximumRecordSize: 1_000) }
        #expect(error?.reason.hasPrefix("record longer than 1000 bytes") == true)
    }

    /// A file read whole (a zip entry inflated at once, a file in memory) holds every record in
    /// the buffer: the bound still holds, for complete records too.
    @Test(arguments: [1 << 16, 256])
    func boundsACompleteRecordWhateverThePieceSize(pieceSize: Int) throws {
        let long = "a,b\n1,2\n" + String(repeating: "x", count: 1_500) + ",y\n3,4\n"
        let error = #expect(throws: CSVError.self) { try Self.fields(long, pieceSize: pieceSize, maximumRecordSize: 1_000) }
        #expect(error?.reason.hasPrefix("record longer than 1000 bytes") == true && error?.line == 3)
        #expect(try Self.fields(long, pieceSize: pieceSize, maximumRecordSize: 2_000).rows.count == 3)
    }

    @Test func survivesEveryTruncation() throws {
        let text = "id,name,lat\n1,\"A, \"\"quoted\"\" name\",40.5\r\n2,\"multi\nline\",41.25\n3,plain,-73.75\n"
        let bytes = Array(text.utf8)
        let full = try Self.fields(text).rows
        for length in 0..<bytes.count {
            do {
                let rows = try Self.fields(String(decoding: bytes[0..<length], as: UTF8.self)).rows
                // Whatever reads must agree with the full file up to the cut.
                for (index, row) in rows.enumerated().dropLast() { #expect(row == full[index]) }
                #expect(rows.count <= full.count)
            } catch {
                #expect(error.line >= 1 && error.line <= 5)
            }
        }
    }

    @Test func survivesGarbage() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let bytes = (0..<Int(generator.next() % 400)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Garbage may happen to be valid CSV; either way it must end in a value or a CSVError.
            _ = try? Self.fields(String(decoding: bytes, as: UTF8.self), pieceSize: 7)
        }
    }

    @Test func wrapsSourceFailuresWithTheFileAndLine() throws {
        let gzip = InflateTests.helloGzip.prefix(20)
        let source = try InflatingByteSource(gzip, format: .gzip)
        let error = #expect(throws: CSVError.self) { try CSVReader(source: source, file: "trips.txt.gz") }
        #expect(error?.file == "trips.txt.gz")
        #expect(error?.reason.contains("truncated") == true)
    }
}

@Suite struct CSVNumberTests {
    static func record(_ line: String) throws -> CSVRecord {
        var reader = try CSVReader(source: MemoryByteSource(Data("a,b,c\n\(line)\n".utf8)), file: "n.txt")
        var record = CSVRecord(header: reader.header)
        _ = try reader.read(into: &record)
        return record
    }

    @Test func parsesDecimalsExactlyAsTheStandardLibraryDoes() throws {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<20_000 {
            let integerPart = Int(generator.next() % 400) - 200
            let fraction = String(generator.next() % 1_000_000_000_000)
            let text = "\(integerPart).\(fraction)"
            let record = try Self.record("\(text),1,2")
            #expect(try record.double(0) == Double(text)!, "\(text)")
        }
        for text in ["0", "-0.5", "+1.25", "1e3", "1.5E-2", "123456789012345678901234", ".5", "5."] {
            #expect(try Self.record("\(text),1,2").double(0) == Double(text)!, "\(text)")
        }
    }

    @Test func rejectsMalformedNumbers() throws {
        for text in ["", "abc", "1.2.3", "--1", "nan", "inf", "1,5"] {
            let record = try Self.record("\"\(text)\",7,99999999999999999999")
            let error = #expect(throws: CSVError.self) { try record.double(0) }
            #expect(error?.column == 1, "\(text)")
        }
        let record = try Self.record(" 12 ,x,99999999999999999999")
        #expect(try record.int(0) == 12)
        #expect(throws: CSVError.self) { try record.int(1) }
        #expect(throws: CSVError.self) { try record.int(2) }
        #expect(try record.optionalInt(nil) == nil)
    }
}
