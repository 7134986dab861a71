/// One call of a trip in a `GTFSSchedule`: 16 bytes instead of a `GTFSStopTime`'s strings.
public struct GTFSScheduledCall: Hashable, Sendable {
    /// The stop, as an index into `GTFSSchedule.stopIDs`.
    public let stopIndex: Int32
    /// `stop_sequence`.
    public let stopSequence: Int32
    private let arrivalSeconds: Int32
    private let departureSeconds: Int32

    /// Marks an untimed call (GTFS allows blank times between timepoints).
    private static let untimed: Int32 = -1

    /// A call at the stop with index `stopIndex`.
    public init(stopIndex: Int32, stopSequence: Int32, arrival: GTFSTime?, departure: GTFSTime?) {
        self.stopIndex = stopIndex
        self.stopSequence = stopSequence
        arrivalSeconds = arrival?.secondsSinceServiceDayStart ?? Self.untimed
        departureSeconds = departure?.secondsSinceServiceDayStart ?? Self.untimed
    }

    /// `arrival_time`, or nil for an untimed call.
    public var arrival: GTFSTime? {
        arrivalSeconds == Self.untimed ? nil : GTFSTime(secondsSinceServiceDayStart: arrivalSeconds)
    }

    /// `departure_time`, or nil for an untimed call.
    public var departure: GTFSTime? {
        departureSeconds == Self.untimed ? nil : GTFSTime(secondsSinceServiceDayStart: departureSeconds)
    }
}
