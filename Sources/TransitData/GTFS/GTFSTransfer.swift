/// A rule for changing between two stops (`transfers.txt`).
public struct GTFSTransfer: Hashable, Sendable {
    /// `from_stop_id`.
    public var fromStopID: String
    /// `to_stop_id`.
    public var toStopID: String
    /// `transfer_type`: 0 recommended, 1 timed, 2 needs `minimumTransferTime`, 3 impossible, …
    public var type: Int
    /// `min_transfer_time`, in seconds.
    public var minimumTransferTime: Int?

    /// A transfer with the given fields.
    public init(fromStopID: String, toStopID: String, type: Int, minimumTransferTime: Int? = nil) {
        self.fromStopID = fromStopID
        self.toStopID = toStopID
        self.type = type
        self.minimumTransferTime = minimumTransferTime
    }
}

extension GTFSTransfer: GTFSTableRow {
    public struct Columns {
        let fromStopID: Int, toStopID: Int, type: Int?, minimumTime: Int?
    }

    public static var tableName: String { "transfers" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(fromStopID: try header.requiredIndex(of: "from_stop_id"), toStopID: try header.requiredIndex(of: "to_stop_id"),
                type: header.index(of: "transfer_type"), minimumTime: header.index(of: "min_transfer_time"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        self.init(fromStopID: record.string(columns.fromStopID), toStopID: record.string(columns.toStopID),
                  type: try record.optionalInt(columns.type) ?? 0,
                  minimumTransferTime: try record.optionalInt(columns.minimumTime))
    }
}
