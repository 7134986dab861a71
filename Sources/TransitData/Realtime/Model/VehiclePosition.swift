// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// Where a vehicle is: its trip, its position and its progress along the stops.
    public struct VehiclePosition {
        /// The trip the vehicle is serving.
        public var trip: GTFSRealtime.TripDescriptor?
        /// `vehicle` (field 8).
        public var vehicle: GTFSRealtime.VehicleDescriptor?
        /// Geographic position; absent in NYCT subway feeds.
        public var position: GTFSRealtime.Position?
        /// `current_stop_sequence` (field 3).
        public var currentStopSequence: UInt32?
        /// The stop the vehicle is at or heading to.
        public var stopId: String?
        /// Relation to the current stop (default in transit to).
        public var currentStatus: GTFSRealtime.VehiclePosition.VehicleStopStatus?
        /// When the position was measured, in POSIX seconds.
        public var timestamp: UInt64?
        /// `congestion_level` (field 6).
        public var congestionLevel: GTFSRealtime.VehiclePosition.CongestionLevel?
        /// `occupancy_status` (field 9).
        public var occupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus?
        /// `occupancy_percentage` (field 10).
        public var occupancyPercentage: UInt32?
        /// Per-carriage details, in carriage order.
        public var multiCarriageDetails: [GTFSRealtime.VehiclePosition.CarriageDetails]

        public init(
            trip: GTFSRealtime.TripDescriptor? = nil,
            vehicle: GTFSRealtime.VehicleDescriptor? = nil,
            position: GTFSRealtime.Position? = nil,
            currentStopSequence: UInt32? = nil,
            stopId: String? = nil,
            currentStatus: GTFSRealtime.VehiclePosition.VehicleStopStatus? = nil,
            timestamp: UInt64? = nil,
            congestionLevel: GTFSRealtime.VehiclePosition.CongestionLevel? = nil,
            occupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus? = nil,
            occupancyPercentage: UInt32? = nil,
            multiCarriageDetails: [GTFSRealtime.VehiclePosition.CarriageDetails] = []
        ) {
            self.trip = trip
            self.vehicle = vehicle
            self.position = position
            self.currentStopSequence = currentStopSequence
            self.stopId = stopId
            self.currentStatus = currentStatus
            self.timestamp = timestamp
            self.congestionLevel = congestionLevel
            self.occupancyStatus = occupancyStatus
            self.occupancyPercentage = occupancyPercentage
            self.multiCarriageDetails = multiCarriageDetails
        }
    }
}

extension GTFSRealtime.VehiclePosition: Hashable, Sendable {}

extension GTFSRealtime.VehiclePosition {
    /// The vehicle's relation to its current stop.
    public enum VehicleStopStatus: Int32, CaseIterable, Sendable {
        case incomingAt = 0
        case stoppedAt = 1
        case inTransitTo = 2

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .incomingAt: "INCOMING_AT"
            case .stoppedAt: "STOPPED_AT"
            case .inTransitTo: "IN_TRANSIT_TO"
            }
        }
    }
}

extension GTFSRealtime.VehiclePosition {
    /// Traffic congestion around the vehicle.
    public enum CongestionLevel: Int32, CaseIterable, Sendable {
        case unknownCongestionLevel = 0
        case runningSmoothly = 1
        case stopAndGo = 2
        case congestion = 3
        case severeCongestion = 4

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .unknownCongestionLevel: "UNKNOWN_CONGESTION_LEVEL"
            case .runningSmoothly: "RUNNING_SMOOTHLY"
            case .stopAndGo: "STOP_AND_GO"
            case .congestion: "CONGESTION"
            case .severeCongestion: "SEVERE_CONGESTION"
            }
        }
    }
}

extension GTFSRealtime.VehiclePosition {
    /// How full a vehicle or carriage is.
    public enum OccupancyStatus: Int32, CaseIterable, Sendable {
        case empty = 0
        case manySeatsAvailable = 1
        case fewSeatsAvailable = 2
        case standingRoomOnly = 3
        case crushedStandingRoomOnly = 4
        case full = 5
        case notAcceptingPassengers = 6
        case noDataAvailable = 7
        case notBoardable = 8

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .empty: "EMPTY"
            case .manySeatsAvailable: "MANY_SEATS_AVAILABLE"
            case .fewSeatsAvailable: "FEW_SEATS_AVAILABLE"
            case .standingRoomOnly: "STANDING_ROOM_ONLY"
            case .crushedStandingRoomOnly: "CRUSHED_STANDING_ROOM_ONLY"
            case .full: "FULL"
            case .notAcceptingPassengers: "NOT_ACCEPTING_PASSENGERS"
            case .noDataAvailable: "NO_DATA_AVAILABLE"
            case .notBoardable: "NOT_BOARDABLE"
            }
        }
    }
}

extension GTFSRealtime.VehiclePosition {
    /// One carriage of a multi-carriage vehicle.
    public struct CarriageDetails {
        /// `id` (field 1).
        public var id: String?
        /// `label` (field 2).
        public var label: String?
        /// Default: no data available.
        public var occupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus?
        /// Default -1: unknown.
        public var occupancyPercentage: Int32?
        /// 1 for the first carriage in the direction of travel.
        public var carriageSequence: UInt32?

        public init(
            id: String? = nil,
            label: String? = nil,
            occupancyStatus: GTFSRealtime.VehiclePosition.OccupancyStatus? = nil,
            occupancyPercentage: Int32? = nil,
            carriageSequence: UInt32? = nil
        ) {
            self.id = id
            self.label = label
            self.occupancyStatus = occupancyStatus
            self.occupancyPercentage = occupancyPercentage
            self.carriageSequence = carriageSequence
        }
    }
}

extension GTFSRealtime.VehiclePosition.CarriageDetails: Hashable, Sendable {}
