// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// NYCT subway extension of `FeedHeader` (field 1001 under the trips registry).
    public struct NyctFeedHeader {
        /// The extension version, "1.0".
        public var nyctSubwayVersion: String
        /// Per route, the window in which this feed replaces the schedule.
        public var tripReplacementPeriods: [GTFSRealtime.TripReplacementPeriod]

        public init(
            nyctSubwayVersion: String,
            tripReplacementPeriods: [GTFSRealtime.TripReplacementPeriod] = []
        ) {
            self.nyctSubwayVersion = nyctSubwayVersion
            self.tripReplacementPeriods = tripReplacementPeriods
        }
    }
}

extension GTFSRealtime.NyctFeedHeader: Hashable, Sendable {}

extension GTFSRealtime {
    /// The period in which a route's realtime trips replace all scheduled ones.
    public struct TripReplacementPeriod {
        /// `route_id` (field 1).
        public var routeId: String?
        /// `replacement_period` (field 2).
        public var replacementPeriod: GTFSRealtime.TimeRange?

        public init(
            routeId: String? = nil,
            replacementPeriod: GTFSRealtime.TimeRange? = nil
        ) {
            self.routeId = routeId
            self.replacementPeriod = replacementPeriod
        }
    }
}

extension GTFSRealtime.TripReplacementPeriod: Hashable, Sendable {}

extension GTFSRealtime {
    /// NYCT subway extension of `TripDescriptor` (field 1001).
    public struct NyctTripDescriptor {
        /// The ATS train id, e.g. "06 0123+ PEL/BBR".
        public var trainId: String?
        /// Whether a physical train has been assigned to the trip.
        public var isAssigned: Bool?
        /// `direction` (field 3).
        public var direction: GTFSRealtime.NyctTripDescriptor.Direction?

        public init(
            trainId: String? = nil,
            isAssigned: Bool? = nil,
            direction: GTFSRealtime.NyctTripDescriptor.Direction? = nil
        ) {
            self.trainId = trainId
            self.isAssigned = isAssigned
            self.direction = direction
        }
    }
}

extension GTFSRealtime.NyctTripDescriptor: Hashable, Sendable {}

extension GTFSRealtime.NyctTripDescriptor {
    /// The direction a train moves (uptown and the Bronx are north).
    public enum Direction: Int32, CaseIterable, Sendable {
        case north = 1
        case east = 2
        case south = 3
        case west = 4

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .north: "NORTH"
            case .east: "EAST"
            case .south: "SOUTH"
            case .west: "WEST"
            }
        }
    }
}

extension GTFSRealtime {
    /// NYCT subway extension of `StopTimeUpdate` (field 1001): the tracks.
    public struct NyctStopTimeUpdate {
        /// The planned arrival track.
        public var scheduledTrack: String?
        /// The track the train actually uses, known shortly before arrival.
        public var actualTrack: String?

        public init(
            scheduledTrack: String? = nil,
            actualTrack: String? = nil
        ) {
            self.scheduledTrack = scheduledTrack
            self.actualTrack = actualTrack
        }
    }
}

extension GTFSRealtime.NyctStopTimeUpdate: Hashable, Sendable {}
