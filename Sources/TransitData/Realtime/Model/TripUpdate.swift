// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// Realtime progress of one trip: predicted arrivals and departures at its stops.
    public struct TripUpdate {
        /// The trip this update applies to.
        public var trip: GTFSRealtime.TripDescriptor
        /// The vehicle serving the trip.
        public var vehicle: GTFSRealtime.VehicleDescriptor?
        /// Predictions per stop, in stop order.
        public var stopTimeUpdates: [GTFSRealtime.TripUpdate.StopTimeUpdate]
        /// When the vehicle progress was last measured, in POSIX seconds.
        public var timestamp: UInt64?
        /// Current schedule deviation in seconds (positive: late).
        public var delay: Int32?
        /// Updated properties of the trip.
        public var tripProperties: GTFSRealtime.TripUpdate.TripProperties?

        public init(
            trip: GTFSRealtime.TripDescriptor,
            vehicle: GTFSRealtime.VehicleDescriptor? = nil,
            stopTimeUpdates: [GTFSRealtime.TripUpdate.StopTimeUpdate] = [],
            timestamp: UInt64? = nil,
            delay: Int32? = nil,
            tripProperties: GTFSRealtime.TripUpdate.TripProperties? = nil
        ) {
            self.trip = trip
            self.vehicle = vehicle
            self.stopTimeUpdates = stopTimeUpdates
            self.timestamp = timestamp
            self.delay = delay
            self.tripProperties = tripProperties
        }
    }
}

extension GTFSRealtime.TripUpdate: Hashable, Sendable {}

extension GTFSRealtime.TripUpdate {
    /// Trip properties that differ from the static schedule (for duplicated or new trips).
    public struct TripProperties {
        /// `trip_id` (field 1).
        public var tripId: String?
        /// `start_date` (field 2).
        public var startDate: String?
        /// `start_time` (field 3).
        public var startTime: String?
        /// `shape_id` (field 4).
        public var shapeId: String?

        public init(
            tripId: String? = nil,
            startDate: String? = nil,
            startTime: String? = nil,
            shapeId: String? = nil
        ) {
            self.tripId = tripId
            self.startDate = startDate
            self.startTime = startTime
            self.shapeId = shapeId
        }
    }
}

extension GTFSRealtime.TripUpdate.TripProperties: Hashable, Sendable {}
