/// One data line of a CSV file: its fields, already unquoted, and where it came from.
///
/// A reader fills the same record again and again (`CSVReader.read(into:)`), so scanning a
/// large table allocates nothing per row; the typed accessors parse straight from the bytes
/// and report failures with the file, line, column number and column name.
public struct CSVRecord {
    /// The header of the file, naming the columns.
    public let header: CSVHeader
    /// The 1-based physical line on which the record starts.
    public internal(set) var line: Int = 0
    /// The unquoted bytes of all fields, back to back.
    var bytes: [UInt8] = []
    /// Where each field ends in `bytes`; field `i` starts where field `i - 1` ends.
    var fieldEnds: [Int] = []

    /// An empty record for a file with `header`.
    public init(header: CSVHeader) {
        self.header = header
        bytes.reserveCapacity(1024)
        fieldEnds.reserveCapacity(max(16, header.names.count))
    }

    /// The number of fields in the record.
    public var count: Int { fieldEnds.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
    }

    func range(of column: Int) -> Range<Int> {
        (column == 0 ? 0 : fieldEnds[column - 1])..<fieldEnds[column]
    }

    /// Calls `body` with the raw bytes of field `column` (0-based).
    public func withBytes<Result, Failure: Error>(
        of column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let fieldRange = range(of: column)
        return try bytes.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
            try body(UnsafeBufferPointer(rebasing: all[fieldRange]))
        }
    }

    /// Whether field `column` is empty; an absent column (nil) counts as empty.
    public func isEmpty(_ column: Int?) -> Bool {
        guard let column else { return true }
        return range(of: column).isEmpty
    }

    /// Field `column` as text; an absent column (nil) reads as "".
    public func string(_ column: Int?) -> String {
        guard let column else { return "" }
        return withBytes(of: column) { String(decoding: $0, as: UTF8.self) }
    }

    /// Field `column` as text, or nil when the column is absent or the field is empty.
    public func optionalString(_ column: Int?) -> String? {
        isEmpty(column) ? nil : string(column)
    }

    /// An error pointing at field `column` of this record.
    public func error(column: Int, _ reason: String) -> CSVError {
        let name = column < header.names.count ? header.names[column] : nil
        return CSVError(file: header.file, line: line, column: column + 1, columnName: name, reason: reason)
    }
}
