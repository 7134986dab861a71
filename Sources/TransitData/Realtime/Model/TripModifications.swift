// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// A detour: changes to a set of trips, with replacement stops.
    public struct TripModifications {
        /// `selected_trips` (field 1).
        public var selectedTrips: [GTFSRealtime.TripModifications.SelectedTrips]
        /// `start_times` (field 2).
        public var startTimes: [String]
        /// `service_dates` (field 3).
        public var serviceDates: [String]
        /// `modifications` (field 4).
        public var modifications: [GTFSRealtime.TripModifications.Modification]

        public init(
            selectedTrips: [GTFSRealtime.TripModifications.SelectedTrips] = [],
            startTimes: [String] = [],
            serviceDates: [String] = [],
            modifications: [GTFSRealtime.TripModifications.Modification] = []
        ) {
            self.selectedTrips = selectedTrips
            self.startTimes = startTimes
            self.serviceDates = serviceDates
            self.modifications = modifications
        }
    }
}

extension GTFSRealtime.TripModifications: Hashable, Sendable {}

extension GTFSRealtime.TripModifications {
    /// One change to the trips: stops between two selectors replaced by others.
    public struct Modification {
        /// `start_stop_selector` (field 1).
        public var startStopSelector: GTFSRealtime.StopSelector?
        /// `end_stop_selector` (field 2).
        public var endStopSelector: GTFSRealtime.StopSelector?
        /// `propagated_modification_delay` (field 3).
        public var propagatedModificationDelay: Int32?
        /// `replacement_stops` (field 4).
        public var replacementStops: [GTFSRealtime.ReplacementStop]
        /// `service_alert_id` (field 5).
        public var serviceAlertId: String?
        /// `last_modified_time` (field 6).
        public var lastModifiedTime: UInt64?

        public init(
            startStopSelector: GTFSRealtime.StopSelector? = nil,
            endStopSelector: GTFSRealtime.StopSelector? = nil,
            propagatedModificationDelay: Int32? = nil,
            replacementStops: [GTFSRealtime.ReplacementStop] = [],
            serviceAlertId: String? = nil,
            lastModifiedTime: UInt64? = nil
        ) {
            self.startStopSelector = startStopSelector
            self.endStopSelector = endStopSelector
            self.propagatedModificationDelay = propagatedModificationDelay
            self.replacementStops = replacementStops
            self.serviceAlertId = serviceAlertId
            self.lastModifiedTime = lastModifiedTime
        }
    }
}

extension GTFSRealtime.TripModifications.Modification: Hashable, Sendable {}

extension GTFSRealtime.TripModifications {
    /// The trips a modification applies to, and their new shape.
    public struct SelectedTrips {
        /// `trip_ids` (field 1).
        public var tripIds: [String]
        /// `shape_id` (field 2).
        public var shapeId: String?

        public init(
            tripIds: [String] = [],
            shapeId: String? = nil
        ) {
            self.tripIds = tripIds
            self.shapeId = shapeId
        }
    }
}

extension GTFSRealtime.TripModifications.SelectedTrips: Hashable, Sendable {}

extension GTFSRealtime {
    /// Selects a stop of a trip by sequence or id.
    public struct StopSelector {
        /// `stop_sequence` (field 1).
        public var stopSequence: UInt32?
        /// `stop_id` (field 2).
        public var stopId: String?

        public init(
            stopSequence: UInt32? = nil,
            stopId: String? = nil
        ) {
            self.stopSequence = stopSequence
            self.stopId = stopId
        }
    }
}

extension GTFSRealtime.StopSelector: Hashable, Sendable {}

extension GTFSRealtime {
    /// A stop served instead of the modified ones.
    public struct ReplacementStop {
        /// Seconds from the start of the modification.
        public var travelTimeToStop: Int32?
        /// `stop_id` (field 2).
        public var stopId: String?

        public init(
            travelTimeToStop: Int32? = nil,
            stopId: String? = nil
        ) {
            self.travelTimeToStop = travelTimeToStop
            self.stopId = stopId
        }
    }
}

extension GTFSRealtime.ReplacementStop: Hashable, Sendable {}
