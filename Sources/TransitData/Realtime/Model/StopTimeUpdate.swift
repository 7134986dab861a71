// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime.TripUpdate {
    /// Timing of one arrival or departure: an absolute time and/or a delay.
    public struct StopTimeEvent {
        /// Seconds late (negative: early) relative to the schedule.
        public var delay: Int32?
        /// The event time in POSIX seconds.
        public var time: Int64?
        /// Expected error of the prediction in seconds (0: certain).
        public var uncertainty: Int32?

        public init(
            delay: Int32? = nil,
            time: Int64? = nil,
            uncertainty: Int32? = nil
        ) {
            self.delay = delay
            self.time = time
            self.uncertainty = uncertainty
        }
    }
}

extension GTFSRealtime.TripUpdate.StopTimeEvent: Hashable, Sendable {}

extension GTFSRealtime.TripUpdate {
    /// The realtime arrival and departure of a trip at one stop.
    public struct StopTimeUpdate {
        /// The stop_sequence of the stop in stop_times.txt.
        public var stopSequence: UInt32?
        /// The stop_id of the stop in stops.txt.
        public var stopId: String?
        /// `arrival` (field 2).
        public var arrival: GTFSRealtime.TripUpdate.StopTimeEvent?
        /// `departure` (field 3).
        public var departure: GTFSRealtime.TripUpdate.StopTimeEvent?
        /// Predicted occupancy when leaving the stop.
        public var departureOccupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus?
        /// How the stop relates to the schedule (default scheduled).
        public var scheduleRelationship: GTFSRealtime.TripUpdate.StopTimeUpdate.ScheduleRelationship?
        /// `stop_time_properties` (field 6).
        public var stopTimeProperties: GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties?
        /// NYCT subway extension 1001: scheduled and actual track.
        public var nyctStopTimeUpdate: GTFSRealtime.NyctStopTimeUpdate?

        public init(
            stopSequence: UInt32? = nil,
            stopId: String? = nil,
            arrival: GTFSRealtime.TripUpdate.StopTimeEvent? = nil,
            departure: GTFSRealtime.TripUpdate.StopTimeEvent? = nil,
            departureOccupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus? = nil,
            scheduleRelationship: GTFSRealtime.TripUpdate.StopTimeUpdate.ScheduleRelationship? = nil,
            stopTimeProperties: GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties? = nil,
            nyctStopTimeUpdate: GTFSRealtime.NyctStopTimeUpdate? = nil
        ) {
            self.stopSequence = stopSequence
            self.stopId = stopId
            self.arrival = arrival
            self.departure = departure
            self.departureOccupancyStatus = departureOccupancyStatus
            self.scheduleRelationship = scheduleRelationship
            self.stopTimeProperties = stopTimeProperties
            self.nyctStopTimeUpdate = nyctStopTimeUpdate
        }
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate: Hashable, Sendable {}

extension GTFSRealtime.TripUpdate.StopTimeUpdate {
    /// How a stop time relates to the static schedule.
    public enum ScheduleRelationship: Int32, CaseIterable, Sendable {
        case scheduled = 0
        case skipped = 1
        case noData = 2
        case unscheduled = 3

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .scheduled: "SCHEDULED"
            case .skipped: "SKIPPED"
            case .noData: "NO_DATA"
            case .unscheduled: "UNSCHEDULED"
            }
        }
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate {
    /// Stop time properties that differ from the static schedule.
    public struct StopTimeProperties {
        /// The stop actually served, when it differs from the scheduled one.
        public var assignedStopId: String?

        public init(
            assignedStopId: String? = nil
        ) {
            self.assignedStopId = assignedStopId
        }
    }
}

extension GTFSRealtime.TripUpdate.StopTimeUpdate.StopTimeProperties: Hashable, Sendable {}
