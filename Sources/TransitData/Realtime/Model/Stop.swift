// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// A realtime stop (for detours), mirroring stops.txt.
    public struct Stop {
        /// `stop_id` (field 1).
        public var stopId: String?
        /// `stop_code` (field 2).
        public var stopCode: GTFSRealtime.TranslatedString?
        /// `stop_name` (field 3).
        public var stopName: GTFSRealtime.TranslatedString?
        /// `tts_stop_name` (field 4).
        public var ttsStopName: GTFSRealtime.TranslatedString?
        /// `stop_desc` (field 5).
        public var stopDesc: GTFSRealtime.TranslatedString?
        /// `stop_lat` (field 6).
        public var stopLat: Float?
        /// `stop_lon` (field 7).
        public var stopLon: Float?
        /// `zone_id` (field 8).
        public var zoneId: String?
        /// `stop_url` (field 9).
        public var stopURL: GTFSRealtime.TranslatedString?
        /// `parent_station` (field 11).
        public var parentStation: String?
        /// `stop_timezone` (field 12).
        public var stopTimezone: String?
        /// `wheelchair_boarding` (field 13).
        public var wheelchairBoarding: GTFSRealtime.Stop.WheelchairBoarding?
        /// `level_id` (field 14).
        public var levelId: String?
        /// `platform_code` (field 15).
        public var platformCode: GTFSRealtime.TranslatedString?

        public init(
            stopId: String? = nil,
            stopCode: GTFSRealtime.TranslatedString? = nil,
            stopName: GTFSRealtime.TranslatedString? = nil,
            ttsStopName: GTFSRealtime.TranslatedString? = nil,
            stopDesc: GTFSRealtime.TranslatedString? = nil,
            stopLat: Float? = nil,
            stopLon: Float? = nil,
            zoneId: String? = nil,
            stopURL: GTFSRealtime.TranslatedString? = nil,
            parentStation: String? = nil,
            stopTimezone: String? = nil,
            wheelchairBoarding: GTFSRealtime.Stop.WheelchairBoarding? = nil,
            levelId: String? = nil,
            platformCode: GTFSRealtime.TranslatedString? = nil
        ) {
            self.stopId = stopId
            self.stopCode = stopCode
            self.stopName = stopName
            self.ttsStopName = ttsStopName
            self.stopDesc = stopDesc
            self.stopLat = stopLat
            self.stopLon = stopLon
            self.zoneId = zoneId
            self.stopURL = stopURL
            self.parentStation = parentStation
            self.stopTimezone = stopTimezone
            self.wheelchairBoarding = wheelchairBoarding
            self.levelId = levelId
            self.platformCode = platformCode
        }
    }
}

extension GTFSRealtime.Stop: Hashable, Sendable {}

extension GTFSRealtime.Stop {
    /// Whether wheelchair boarding is possible at the stop.
    public enum WheelchairBoarding: Int32, CaseIterable, Sendable {
        case unknown = 0
        case available = 1
        case notAvailable = 2

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .unknown: "UNKNOWN"
            case .available: "AVAILABLE"
            case .notAvailable: "NOT_AVAILABLE"
            }
        }
    }
}
