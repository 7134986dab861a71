// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// Identifies a physical vehicle.
    public struct VehicleDescriptor {
        /// Internal system id, unique per vehicle.
        public var id: String?
        /// User-visible label, e.g. a train number.
        public var label: String?
        /// `license_plate` (field 3).
        public var licensePlate: String?
        /// `wheelchair_accessible` (field 4).
        public var wheelchairAccessible: GTFSRealtime.VehicleDescriptor.WheelchairAccessible?

        public init(
            id: String? = nil,
            label: String? = nil,
            licensePlate: String? = nil,
            wheelchairAccessible: GTFSRealtime.VehicleDescriptor.WheelchairAccessible? = nil
        ) {
            self.id = id
            self.label = label
            self.licensePlate = licensePlate
            self.wheelchairAccessible = wheelchairAccessible
        }
    }
}

extension GTFSRealtime.VehicleDescriptor: Hashable, Sendable {}

extension GTFSRealtime.VehicleDescriptor {
    /// Whether this vehicle is wheelchair accessible.
    public enum WheelchairAccessible: Int32, CaseIterable, Sendable {
        case noValue = 0
        case unknown = 1
        case wheelchairAccessible = 2
        case wheelchairInaccessible = 3

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .noValue: "NO_VALUE"
            case .unknown: "UNKNOWN"
            case .wheelchairAccessible: "WHEELCHAIR_ACCESSIBLE"
            case .wheelchairInaccessible: "WHEELCHAIR_INACCESSIBLE"
            }
        }
    }
}
