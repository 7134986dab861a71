/// One link of a station's walking graph (`pathways.txt`): from one location of `stops.txt`
/// (a platform, an entrance, a generic node, a boarding area) to another, by the way its mode
/// says.
public struct GTFSPathway: Hashable, Sendable {
    /// `pathway_mode`.
    public enum Mode: Int, Hashable, Sendable {
        case walkway = 1, stairs = 2, movingSidewalk = 3, escalator = 4, elevator = 5
        /// A fare gate, which proves payment; an exit gate, which lets riders out of a paid area.
        case fareGate = 6, exitGate = 7

        /// Whether a wheelchair user can take it: neither stairs nor an escalator.
        public var isStepFree: Bool { self != .stairs && self != .escalator }
    }

    /// `pathway_id`.
    public var id: String
    /// `from_stop_id`.
    public var fromStopID: String
    /// `to_stop_id`.
    public var toStopID: String
    public var mode: Mode
    /// `is_bidirectional` 1: it can be taken from `to` to `from` too.
    public var isBidirectional: Bool
    /// `signposted_as`: the words on the signs riders follow from `from` (`Elevator to Platform 2`).
    public var signpostedAs: String?

    public init(id: String, fromStopID: String, toStopID: String, mode: Mode, isBidirectional: Bool,
                signpostedAs: String? = nil) {
        self.id = id
        self.fromStopID = fromStopID
        self.toStopID = toStopID
        self.mode = mode
        self.isBidirectional = isBidirectional
        self.signpostedAs = signpostedAs
    }
}

extension GTFSPathway: GTFSTableRow {
    public struct Columns {
        let id: Int, fromStopID: Int, toStopID: Int, mode: Int, isBidirectional: Int
        let signpostedAs: Int?
    }

    public static var tableName: String { "pathways" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(id: try header.requiredIndex(of: "pathway_id"), fromStopID: try header.requiredIndex(of: "from_stop_id"),
                toStopID: try header.requiredIndex(of: "to_stop_id"), mode: try header.requiredIndex(of: "pathway_mode"),
                isBidirectional: try header.requiredIndex(of: "is_bidirectional"),
                signpostedAs: header.index(of: "signposted_as"))
    }

    /// A pathway with its id, both ends, a mode of 1–7 and `is_bidirectional` 0 or 1; anything else is an error.
    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        let id = record.string(columns.id)
        guard !id.isEmpty else { throw record.error(column: columns.id, "pathway_id is required") }
        let from = record.string(columns.fromStopID), to = record.string(columns.toStopID)
        guard !from.isEmpty else { throw record.error(column: columns.fromStopID, "from_stop_id is required") }
        guard !to.isEmpty else { throw record.error(column: columns.toStopID, "to_stop_id is required") }
        let code = try record.int(columns.mode)
        guard let mode = Mode(rawValue: code) else { throw record.error(column: columns.mode, "pathway_mode \(code) is outside 1…7") }
        let both = try record.int(columns.isBidirectional)
        guard both == 0 || both == 1 else {
            throw record.error(column: columns.isBidirectional, "is_bidirectional \(both) is neither 0 nor 1")
        }
        self.init(id: id, fromStopID: from, toStopID: to, mode: mode, isBidirectional: both == 1,
                  signpostedAs: record.optionalString(columns.signpostedAs))
    }
}
