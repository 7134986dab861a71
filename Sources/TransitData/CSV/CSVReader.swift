/// An RFC 4180 CSV reader that pulls bytes from a `ByteSource` and hands out one record at a time.
///
/// It accepts what real feeds contain: quoted fields holding commas, doubled quotes and line
/// breaks; CRLF, LF or CR line ends; a UTF-8 byte order mark; blank lines (skipped). It rejects,
/// with the file, line and column, what would silently shift data: a quote inside an unquoted
/// field, text after a closing quote, an unterminated quote, a record whose field count differs
/// from the header, and a record longer than `maximumRecordSize` (which bounds memory on garbage).
public struct CSVReader<Source: ByteSource> {
    /// The column names from the first line.
    public private(set) var header: CSVHeader
    private var source: Source
    private var buffer: [UInt8] = []
    private var position = 0
    private var sourceEnded = false
    /// The physical line at `position`.
    private var line = 1
    private let maximumRecordSize: Int

    /// Reads the header line of `file` from `source`.
    ///
    /// - Parameter maximumRecordSize: the longest record accepted, in bytes.
    public init(source: Source, file: String, maximumRecordSize: Int = 1 << 20) throws(CSVError) {
        self.source = source
        self.header = CSVHeader(file: file, names: [])
        self.maximumRecordSize = maximumRecordSize
        buffer.reserveCapacity(512 * 1024)
        try skipByteOrderMark()
        var first = CSVRecord(header: header)
        guard try readFields(into: &first) else {
            throw CSVError(file: file, line: 1, reason: "the file is empty; a header line is required")
        }
        let names = (0..<first.count).map { first.string($0).trimmingASCIISpaces() }
        header = CSVHeader(file: file, names: names)
    }

    /// Fills `record` with the next record and returns true, or returns false at the end of the file.
    ///
    /// `record` is made once per file with `CSVRecord(header: reader.header)` and reused for every row.
    public mutating func read(into record: inout CSVRecord) throws(CSVError) -> Bool {
        guard try readFields(into: &record) else { return false }
        guard record.count == header.names.count else {
            throw CSVError(file: header.file, line: record.line,
                           reason: "expected \(header.names.count) fields as in the header, found \(record.count)")
        }
        return true
    }

    /// Reads the next non-blank record without checking its width.
    private mutating func readFields(into record: inout CSVRecord) throws(CSVError) -> Bool {
        while true {
            switch try scanRecord(into: &record) {
            case .record(let end, let lineBreaks):
                // A source that hands over the whole file at once (in memory) ends every record in the buffer.
                guard end - position <= maximumRecordSize else { throw recordTooLong }
                position = end
                record.line = line
                line += lineBreaks
                let isBlankLine = record.count == 1 && record.fieldEnds[0] == 0
                if !isBlankLine { return true }
            case .endOfFile:
                return false
            case .needsMoreBytes:
                if buffer.count - position > maximumRecordSize { throw recordTooLong }
                try refill()
            }
        }
    }

    private var recordTooLong: CSVError {
        CSVError(file: header.file, line: line,
                 reason: "record longer than \(maximumRecordSize) bytes (unterminated quote or not a CSV file?)")
    }

    private mutating func skipByteOrderMark() throws(CSVError) {
        while buffer.count < 3, !sourceEnded { try refill() }
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    }

    /// Drops consumed bytes and appends the next piece from the source.
    private mutating func refill() throws(CSVError) {
        if position > 0 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        do {
            if try !source.read(appendingTo: &buffer) { sourceEnded = true }
        } catch let error as CSVError {
            throw error
        } catch {
            throw CSVError(file: header.file, line: line, reason: "could not read the file: \(error)")
        }
    }
}

/// Scanning one record out of the buffered bytes.
extension CSVReader {
    enum ScanResult {
        /// A whole record; the next one starts at `end`, `lineBreaks` lines further down.
        case record(end: Int, lineBreaks: Int)
        /// The buffer ends inside the record and the source has more.
        case needsMoreBytes
        /// No bytes are left.
        case endOfFile
    }

    private static var comma: UInt8 { 0x2C }
    private static var quote: UInt8 { 0x22 }
    private static var lineFeed: UInt8 { 0x0A }
    private static var carriageReturn: UInt8 { 0x0D }

    private func scanRecord(into record: inout CSVRecord) throws(CSVError) -> ScanResult {
        record.removeAll()
        if position == buffer.count {
            return sourceEnded ? .endOfFile : .needsMoreBytes
        }
        let result: Result<ScanResult, CSVError> = buffer.withUnsafeBufferPointer { bytes in
            scan(bytes, into: &record)
        }
        return try result.get()
    }

    private func scan(_ bytes: UnsafeBufferPointer<UInt8>, into record: inout CSVRecord) -> Result<ScanResult, CSVError> {
        var index = position
        var lineBreaks = 0
        let end = bytes.count
        while true {
            // One field starts at `index`.
            if index < end, bytes[index] == Self.quote {
                let openedOnLine = line + lineBreaks
                index += 1
                var segmentStart = index
                while true {
                    guard index < end else {
                        if sourceEnded {
                            return .failure(CSVError(file: header.file, line: openedOnLine, column: record.count + 1,
                                                     columnName: columnName(record.count),
                                                     reason: "quoted field is never closed"))
                        }
                        return .success(.needsMoreBytes)
                    }
                    let byte = bytes[index]
                    if byte == Self.quote {
                        guard index + 1 < end || sourceEnded else { return .success(.needsMoreBytes) }
                        record.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
                        if index + 1 < end, bytes[index + 1] == Self.quote {
                            // A doubled quote stands for one quote character.
                            record.bytes.append(Self.quote)
                            index += 2
                            segmentStart = index
                            continue
                        }
                        index += 1
                        break
                    }
                    if byte == Self.lineFeed || (byte == Self.carriageReturn && (index + 1 >= end || bytes[index + 1] != Self.lineFeed)) {
                        lineBreaks += 1
                    }
                    index += 1
                }
                if index < end, bytes[index] != Self.comma, bytes[index] != Self.lineFeed, bytes[index] != Self.carriageReturn {
                    return .failure(CSVError(file: header.file, line: line + lineBreaks, column: record.count + 1,
                                             columnName: columnName(record.count),
                                             reason: "unexpected character after the closing quote"))
                }
            } else {
                let fieldStart = index
                while index < end {
                    let byte = bytes[index]
                    if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn { break }
                    if byte == Self.quote {
                        return .failure(CSVError(file: header.file, line: line + lineBreaks, column: record.count + 1,
                                                 columnName: columnName(record.count),
                                                 reason: "quote character inside an unquoted field"))
                    }
                    index += 1
                }
                if index == end && !sourceEnded { return .success(.needsMoreBytes) }
                record.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[fieldStart..<index]))
            }
            record.fieldEnds.append(record.bytes.count)

            // After the field: a comma, a line end, or the end of the file.
            guard index < end else { return .success(.record(end: index, lineBreaks: lineBreaks)) }
            switch bytes[index] {
            case Self.comma:
                index += 1
            case Self.lineFeed:
                return .success(.record(end: index + 1, lineBreaks: lineBreaks + 1))
            default:
                // A carriage return, alone or as part of CRLF.
                guard index + 1 < end || sourceEnded else { return .success(.needsMoreBytes) }
                let crlf = index + 1 < end && bytes[index + 1] == Self.lineFeed
                return .success(.record(end: index + (crlf ? 2 : 1), lineBreaks: lineBreaks + 1))
            }
        }
    }

    private func columnName(_ column: Int) -> String? {
        column < header.names.count ? header.names[column] : nil
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces and tabs.
    func trimmingASCIISpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
