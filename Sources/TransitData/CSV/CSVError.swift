/// Why a CSV file could not be read, and exactly where.
///
/// The description reads like a compiler message, `stops.txt:12:5 (stop_lat): …`, so a
/// broken feed can be fixed from the log line alone.
public struct CSVError: Error, Equatable, Sendable {
    /// The file the bytes came from, e.g. `stops.txt` or `gtfs.zip/stops.txt`.
    public let file: String
    /// The 1-based physical line where the problem is (where the record starts for a bad field).
    public let line: Int
    /// The 1-based field number, or nil when the problem concerns the whole line or file.
    public let column: Int?
    /// The header name of that column, when known.
    public let columnName: String?
    /// What is wrong, in words.
    public let reason: String

    /// An error at `file:line`, optionally pointing at one column.
    public init(file: String, line: Int, column: Int? = nil, columnName: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.columnName = columnName
        self.reason = reason
    }
}

extension CSVError: CustomStringConvertible {
    public var description: String {
        var place = "\(file):\(line)"
        if let column { place += ":\(column)" }
        if let columnName { place += " (\(columnName))" }
        return "\(place): \(reason)"
    }
}
