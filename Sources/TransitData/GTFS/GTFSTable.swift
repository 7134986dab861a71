/// The rows of one GTFS table in file order, with a lookup by id.
public struct GTFSTable<Row: Identifiable & Sendable>: Sendable where Row.ID == String {
    /// The rows, in the order of the file.
    public let rows: [Row]
    private let indexByID: [String: Int]

    /// A table of `rows`; ids must be unique (the loader reports duplicates with their line).
    public init(_ rows: [Row]) {
        self.rows = rows
        var index: [String: Int] = [:]
        index.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() where index[row.id] == nil {
            index[row.id] = position
        }
        indexByID = index
    }

    /// The row with `id`, or nil.
    public subscript(id id: String) -> Row? {
        indexByID[id].map { rows[$0] }
    }

    /// Whether a row has `id`.
    public func contains(id: String) -> Bool {
        indexByID[id] != nil
    }
}

extension GTFSTable: RandomAccessCollection {
    public var startIndex: Int { rows.startIndex }
    public var endIndex: Int { rows.endIndex }
    public subscript(position: Int) -> Row { rows[position] }
}
