/// One service window of a frequency-based trip (`frequencies.txt`): the trip's `stop_times` are a
/// template, run from every start time `startTime`, `startTime + headway`, … before `endTime`.
public struct GTFSFrequency: Hashable, Sendable {
    /// `trip_id`: the template trip.
    public var tripID: String
    /// `start_time`: the first run's departure from the first stop.
    public var startTime: GTFSTime
    /// `end_time`: no run departs at or after it.
    public var endTime: GTFSTime
    /// `headway_secs`: seconds between two departures, at least 1.
    public var headway: Int32
    /// `exact_times` 1: runs depart exactly on the headway (a schedule); 0 or absent: riders are told only
    /// the headway.
    public var exactTimes: Bool

    public init(tripID: String, startTime: GTFSTime, endTime: GTFSTime, headway: Int32, exactTimes: Bool = false) {
        self.tripID = tripID
        self.startTime = startTime
        self.endTime = endTime
        self.headway = headway
        self.exactTimes = exactTimes
    }

    /// The run start of the window nearest `seconds` into the service day (the first run before it,
    /// the last after it), found by arithmetic rather than by listing the window.
    public func runStart(nearest seconds: Double) -> Int32 {
        let first = startTime.secondsSinceServiceDayStart
        let runs = max(1, (endTime.secondsSinceServiceDayStart - first - 1) / headway + 1)
        let run = min(max(((seconds - Double(first)) / Double(headway)).rounded(), 0), Double(runs - 1))
        return first + Int32(run) * headway
    }
}

extension GTFSFrequency: GTFSTableRow {
    public struct Columns {
        let tripID: Int, startTime: Int, endTime: Int, headway: Int, exactTimes: Int?
    }

    public static var tableName: String { "frequencies" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(tripID: try header.requiredIndex(of: "trip_id"), startTime: try header.requiredIndex(of: "start_time"),
                endTime: try header.requiredIndex(of: "end_time"), headway: try header.requiredIndex(of: "headway_secs"),
                exactTimes: header.index(of: "exact_times"))
    }

    /// A window with both times, a headway of 1 s to a day, and an end after its start; anything else is an error.
    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        guard let start = try record.optionalTime(columns.startTime) else {
            throw record.error(column: columns.startTime, "start_time is required")
        }
        guard let end = try record.optionalTime(columns.endTime) else {
            throw record.error(column: columns.endTime, "end_time is required")
        }
        let headway = try record.int(columns.headway)
        guard (1...86_400).contains(headway) else {
            throw record.error(column: columns.headway, "headway_secs \(headway) is outside 1…86400")
        }
        guard end > start else { throw record.error(column: columns.endTime, "end_time \(end) is not after start_time \(start)") }
        let exact = try record.optionalInt(columns.exactTimes) ?? 0
        guard exact == 0 || exact == 1 else { throw record.error(column: columns.exactTimes!, "exact_times \(exact) is neither 0 nor 1") }
        self.init(tripID: record.string(columns.tripID), startTime: start, endTime: end, headway: Int32(headway), exactTimes: exact == 1)
    }
}
