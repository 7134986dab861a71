// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// One entity of a feed: a trip update, vehicle position, alert, shape, stop or trip modification.
    public struct FeedEntity {
        /// Unique within the feed; the same entity keeps its id across snapshots.
        public var id: String
        /// Whether the entity is to be deleted (differential feeds only).
        public var isDeleted: Bool?
        /// `trip_update` (field 3).
        public var tripUpdate: GTFSRealtime.TripUpdate?
        /// `vehicle` (field 4).
        public var vehicle: GTFSRealtime.VehiclePosition?
        /// `alert` (field 5).
        public var alert: GTFSRealtime.Alert?
        /// `shape` (field 6).
        public var shape: GTFSRealtime.Shape?
        /// `stop` (field 7).
        public var stop: GTFSRealtime.Stop?
        /// `trip_modifications` (field 8).
        public var tripModifications: GTFSRealtime.TripModifications?

        public init(
            id: String,
            isDeleted: Bool? = nil,
            tripUpdate: GTFSRealtime.TripUpdate? = nil,
            vehicle: GTFSRealtime.VehiclePosition? = nil,
            alert: GTFSRealtime.Alert? = nil,
            shape: GTFSRealtime.Shape? = nil,
            stop: GTFSRealtime.Stop? = nil,
            tripModifications: GTFSRealtime.TripModifications? = nil
        ) {
            self.id = id
            self.isDeleted = isDeleted
            self.tripUpdate = tripUpdate
            self.vehicle = vehicle
            self.alert = alert
            self.shape = shape
            self.stop = stop
            self.tripModifications = tripModifications
        }
    }
}

extension GTFSRealtime.FeedEntity: Hashable, Sendable {}
