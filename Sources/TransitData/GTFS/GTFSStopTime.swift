/// One call of a trip at a stop (`stop_times.txt`).
///
/// A full network has hundreds of thousands of these; read them with `GTFSTableReader` one at a
/// time, or load them compactly into a `GTFSSchedule`.
public struct GTFSStopTime: Hashable, Sendable {
    /// `trip_id`.
    public var tripID: String
    /// `stop_id`, normally a platform.
    public var stopID: String
    /// `stop_sequence`: the order of the call within the trip.
    public var stopSequence: Int
    /// `arrival_time`; nil for untimed intermediate calls.
    public var arrival: GTFSTime?
    /// `departure_time`; nil for untimed intermediate calls.
    public var departure: GTFSTime?
    /// `stop_headsign`.
    public var stopHeadsign: String?
    /// `pickup_type`: 0 or nil regular, 1 none, 2 phone, 3 ask the driver.
    public var pickupType: Int?
    /// `drop_off_type`, coded like `pickupType`.
    public var dropOffType: Int?
    /// `shape_dist_traveled`.
    public var distanceTraveled: Double?

    /// Whether riders may board or alight here: not when both `pickup_type` and `drop_off_type`
    /// are 1 (the vehicle passes the stop without serving it).
    public var servesRiders: Bool { !(pickupType == 1 && dropOffType == 1) }

    /// A call with the given fields.
    public init(tripID: String, stopID: String, stopSequence: Int, arrival: GTFSTime?, departure: GTFSTime?,
                stopHeadsign: String? = nil, pickupType: Int? = nil, dropOffType: Int? = nil, distanceTraveled: Double? = nil) {
        self.tripID = tripID
        self.stopID = stopID
        self.stopSequence = stopSequence
        self.arrival = arrival
        self.departure = departure
        self.stopHeadsign = stopHeadsign
        self.pickupType = pickupType
        self.dropOffType = dropOffType
        self.distanceTraveled = distanceTraveled
    }
}

extension GTFSStopTime: GTFSTableRow {
    public struct Columns {
        let tripID: Int, stopID: Int, stopSequence: Int, arrival: Int?, departure: Int?
        let stopHeadsign: Int?, pickupType: Int?, dropOffType: Int?, distance: Int?
    }

    public static var tableName: String { "stop_times" }

    public static func columns(in header: CSVHeader) throws(CSVError) -> Columns {
        Columns(tripID: try header.requiredIndex(of: "trip_id"), stopID: try header.requiredIndex(of: "stop_id"),
                stopSequence: try header.requiredIndex(of: "stop_sequence"), arrival: header.index(of: "arrival_time"),
                departure: header.index(of: "departure_time"), stopHeadsign: header.index(of: "stop_headsign"),
                pickupType: header.index(of: "pickup_type"), dropOffType: header.index(of: "drop_off_type"),
                distance: header.index(of: "shape_dist_traveled"))
    }

    public init(record: borrowing CSVRecord, columns: Columns) throws(CSVError) {
        self.init(tripID: record.string(columns.tripID), stopID: record.string(columns.stopID),
                  stopSequence: try record.int(columns.stopSequence), arrival: try record.optionalTime(columns.arrival),
                  departure: try record.optionalTime(columns.departure), stopHeadsign: record.optionalString(columns.stopHeadsign),
                  pickupType: try record.optionalInt(columns.pickupType), dropOffType: try record.optionalInt(columns.dropOffType),
                  distanceTraveled: try record.optionalDouble(columns.distance))
    }
}
