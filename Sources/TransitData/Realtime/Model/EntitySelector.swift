// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// Selects what an alert affects: an agency, route, route type, trip or stop, or a combination.
    public struct EntitySelector {
        /// `agency_id` (field 1).
        public var agencyId: String?
        /// `route_id` (field 2).
        public var routeId: String?
        /// `route_type` (field 3).
        public var routeType: Int32?
        /// `trip` (field 4).
        public var trip: GTFSRealtime.TripDescriptor?
        /// `stop_id` (field 5).
        public var stopId: String?
        /// `direction_id` (field 6).
        public var directionId: UInt32?
        /// MTA Mercury extension 1001: the sort order.
        public var mercuryEntitySelector: GTFSRealtime.MercuryEntitySelector?

        public init(
            agencyId: String? = nil,
            routeId: String? = nil,
            routeType: Int32? = nil,
            trip: GTFSRealtime.TripDescriptor? = nil,
            stopId: String? = nil,
            directionId: UInt32? = nil,
            mercuryEntitySelector: GTFSRealtime.MercuryEntitySelector? = nil
        ) {
            self.agencyId = agencyId
            self.routeId = routeId
            self.routeType = routeType
            self.trip = trip
            self.stopId = stopId
            self.directionId = directionId
            self.mercuryEntitySelector = mercuryEntitySelector
        }
    }
}

extension GTFSRealtime.EntitySelector: Hashable, Sendable {}
