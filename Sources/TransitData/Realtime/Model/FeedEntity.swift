// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// One entity of a feed: a trip update, vehicle position, alert, shape, stop or trip modification.
    public struct FeedEntity {
        /// Unique within the feed; the same entity keeps its id across snapshots.
        public var id: String
        /// Whether the entity is to be deleted (differential feeds only).
        public var isDeleted: Bool?
        /// `trip_update` (field 3).
        public var tripUpdate: GTFSRealtime.TripUpdate? {
            get { tripUpdateStorage?.value }
            set { tripUpdateStorage = newValue.map(IndirectStorage.init) }
        }
        /// `vehicle` (field 4).
        public var vehicle: GTFSRealtime.VehiclePosition? {
            get { vehicleStorage?.value }
            set { vehicleStorage = newValue.map(IndirectStorage.init) }
        }
        /// `alert` (field 5).
        public var alert: GTFSRealtime.Alert? {
            get { alertStorage?.value }
            set { alertStorage = newValue.map(IndirectStorage.init) }
        }
        /// `shape` (field 6).
        public var shape: GTFSRealtime.Shape? {
            get { shapeStorage?.value }
            set { shapeStorage = newValue.map(IndirectStorage.init) }
        }
        /// `stop` (field 7).
        public var stop: GTFSRealtime.Stop? {
            get { stopStorage?.value }
            set { stopStorage = newValue.map(IndirectStorage.init) }
        }
        /// `trip_modifications` (field 8).
        public var tripModifications: GTFSRealtime.TripModifications? {
            get { tripModificationsStorage?.value }
            set { tripModificationsStorage = newValue.map(IndirectStorage.init) }
        }

        // Stored out of line: the payloads are large and at most one is set, so the entity
        // stays small to copy and to keep in arrays.
        private var tripUpdateStorage: IndirectStorage<GTFSRealtime.TripUpdate>?
        private var vehicleStorage: IndirectStorage<GTFSRealtime.VehiclePosition>?
        private var alertStorage: IndirectStorage<GTFSRealtime.Alert>?
        private var shapeStorage: IndirectStorage<GTFSRealtime.Shape>?
        private var stopStorage: IndirectStorage<GTFSRealtime.Stop>?
        private var tripModificationsStorage: IndirectStorage<GTFSRealtime.TripModifications>?

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
            self.tripUpdateStorage = tripUpdate.map(IndirectStorage.init)
            self.vehicleStorage = vehicle.map(IndirectStorage.init)
            self.alertStorage = alert.map(IndirectStorage.init)
            self.shapeStorage = shape.map(IndirectStorage.init)
            self.stopStorage = stop.map(IndirectStorage.init)
            self.tripModificationsStorage = tripModifications.map(IndirectStorage.init)
        }
    }
}

extension GTFSRealtime.FeedEntity: Hashable, Sendable {}
