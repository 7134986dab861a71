// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// Identifies one trip (one run of a vehicle along a route).
    public struct TripDescriptor {
        /// The trip_id from trips.txt (NYCT: a suffix-style id such as "073850_1..N03R").
        public var tripId: String?
        /// `route_id` (field 5).
        public var routeId: String?
        /// `direction_id` (field 6).
        public var directionId: UInt32?
        /// Scheduled start, "HH:MM:SS" (may exceed 24:00:00).
        public var startTime: String?
        /// Service date, "YYYYMMDD".
        public var startDate: String?
        /// `schedule_relationship` (field 4).
        public var scheduleRelationship: GTFSRealtime.TripDescriptor.ScheduleRelationship?
        /// `modified_trip` (field 7).
        public var modifiedTrip: GTFSRealtime.TripDescriptor.ModifiedTripSelector?
        /// NYCT subway extension 1001: train id, assignment, direction.
        public var nyctTripDescriptor: GTFSRealtime.NyctTripDescriptor?

        public init(
            tripId: String? = nil,
            routeId: String? = nil,
            directionId: UInt32? = nil,
            startTime: String? = nil,
            startDate: String? = nil,
            scheduleRelationship: GTFSRealtime.TripDescriptor.ScheduleRelationship? = nil,
            modifiedTrip: GTFSRealtime.TripDescriptor.ModifiedTripSelector? = nil,
            nyctTripDescriptor: GTFSRealtime.NyctTripDescriptor? = nil
        ) {
            self.tripId = tripId
            self.routeId = routeId
            self.directionId = directionId
            self.startTime = startTime
            self.startDate = startDate
            self.scheduleRelationship = scheduleRelationship
            self.modifiedTrip = modifiedTrip
            self.nyctTripDescriptor = nyctTripDescriptor
        }
    }
}

extension GTFSRealtime.TripDescriptor: Hashable, Sendable {}

extension GTFSRealtime.TripDescriptor {
    /// How a trip relates to the static schedule.
    public enum ScheduleRelationship: Int32, CaseIterable, Sendable {
        case scheduled = 0
        case added = 1
        case unscheduled = 2
        case canceled = 3
        case replacement = 5
        case duplicated = 6
        case deleted = 7

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .scheduled: "SCHEDULED"
            case .added: "ADDED"
            case .unscheduled: "UNSCHEDULED"
            case .canceled: "CANCELED"
            case .replacement: "REPLACEMENT"
            case .duplicated: "DUPLICATED"
            case .deleted: "DELETED"
            }
        }
    }
}

extension GTFSRealtime.TripDescriptor {
    /// Points a trip at the trip modifications that affect it.
    public struct ModifiedTripSelector {
        /// `modifications_id` (field 1).
        public var modificationsId: String?
        /// `affected_trip_id` (field 2).
        public var affectedTripId: String?

        public init(
            modificationsId: String? = nil,
            affectedTripId: String? = nil
        ) {
            self.modificationsId = modificationsId
            self.affectedTripId = affectedTripId
        }
    }
}

extension GTFSRealtime.TripDescriptor.ModifiedTripSelector: Hashable, Sendable {}
