/// A value decoded from one row of a GTFS table (`stops.txt`, `trips.txt`, …).
///
/// Each row type resolves the columns it needs from the header once (`Columns`), then decodes
/// records by index, so files with extra, missing-optional or reordered columns all read alike.
public protocol GTFSTableRow: Sendable {
    /// The indices of the columns this row type reads, resolved from one file's header.
    associatedtype Columns

    /// The table's name as in the file name, e.g. `stops` for `stops.txt`.
    static var tableName: String { get }

    /// Finds the columns in `header`; a missing required column is an error.
    static func columns(in header: CSVHeader) throws(CSVError) -> Columns

    /// Decodes one record.
    init(record: borrowing CSVRecord, columns: Columns) throws(CSVError)
}

/// Reads the rows of one GTFS table one at a time, never holding more than one record.
///
/// This is how `stop_times.txt` (half a million rows for the full subway) is consumed.
public struct GTFSTableReader<Row: GTFSTableRow> {
    private var reader: CSVReader<AnyByteSource>
    private var record: CSVRecord
    private let columns: Row.Columns

    /// Reads the header of a table file and resolves the row type's columns.
    public init(source: AnyByteSource, file: String, maximumRecordSize: Int = 1 << 20) throws(CSVError) {
        reader = try CSVReader(source: source, file: file, maximumRecordSize: maximumRecordSize)
        record = CSVRecord(header: reader.header)
        columns = try Row.columns(in: reader.header)
    }

    /// The file's header.
    public var header: CSVHeader { reader.header }

    /// The line the last row returned by `next()` starts on.
    public var line: Int { record.line }

    /// The next row, or nil at the end of the file.
    public mutating func next() throws(CSVError) -> Row? {
        guard try reader.read(into: &record) else { return nil }
        return try Row(record: record, columns: columns)
    }
}
