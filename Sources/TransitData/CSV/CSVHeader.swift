/// The names in a CSV file's first line, looked up by name.
///
/// GTFS producers order and choose columns freely (the 2018 and 2024 MTA layouts differ), so
/// every reader resolves the columns it wants here once and ignores the rest.
public struct CSVHeader: Sendable {
    /// The file the header belongs to, for error messages.
    public let file: String
    /// The column names in file order, trimmed of surrounding spaces.
    public let names: [String]
    private let indexByName: [String: Int]

    /// A header with the given column names; the first of any repeated name wins.
    public init(file: String, names: [String]) {
        self.file = file
        self.names = names
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil {
            index[name] = position
        }
        indexByName = index
    }

    /// The 0-based index of `name`, or nil when the file has no such column.
    public func index(of name: String) -> Int? {
        indexByName[name]
    }

    /// The 0-based index of a column the file must have.
    public func requiredIndex(of name: String) throws(CSVError) -> Int {
        guard let index = indexByName[name] else {
            throw CSVError(file: file, line: 1, reason: "missing required column '\(name)' (found: \(names.joined(separator: ", ")))")
        }
        return index
    }
}
