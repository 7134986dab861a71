// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// MTA Mercury extension of `FeedHeader` (field 1001 under the alerts registry).
    public struct MercuryFeedHeader {
        /// The extension version, "1.0".
        public var mercuryVersion: String

        public init(
            mercuryVersion: String
        ) {
            self.mercuryVersion = mercuryVersion
        }
    }
}

extension GTFSRealtime.MercuryFeedHeader: Hashable, Sendable {}

extension GTFSRealtime {
    /// An alternative for riders of an affected station.
    public struct MercuryStationAlternative {
        /// `affected_entity` (field 1).
        public var affectedEntity: GTFSRealtime.EntitySelector
        /// `notes` (field 2).
        public var notes: GTFSRealtime.TranslatedString

        public init(
            affectedEntity: GTFSRealtime.EntitySelector,
            notes: GTFSRealtime.TranslatedString
        ) {
            self.affectedEntity = affectedEntity
            self.notes = notes
        }
    }
}

extension GTFSRealtime.MercuryStationAlternative: Hashable, Sendable {}

extension GTFSRealtime {
    /// MTA Mercury extension of `Alert` (field 1001): alert type, timestamps, affected stations.
    public struct MercuryAlert {
        /// POSIX seconds.
        public var createdAt: UInt64
        /// POSIX seconds.
        public var updatedAt: UInt64
        /// E.g. "Planned - Stations Skipped", "Delays".
        public var alertType: String
        /// `station_alternative` (field 4).
        public var stationAlternatives: [GTFSRealtime.MercuryStationAlternative]
        /// `service_plan_number` (field 5).
        public var servicePlanNumbers: [String]
        /// `general_order_number` (field 6).
        public var generalOrderNumbers: [String]
        /// Seconds before each active period to start showing the alert.
        public var displayBeforeActive: UInt64?
        /// `human_readable_active_period` (field 8).
        public var humanReadableActivePeriod: GTFSRealtime.TranslatedString?
        /// `directionality` (field 9).
        public var directionality: UInt64?
        /// `affected_stations` (field 10).
        public var affectedStations: [GTFSRealtime.EntitySelector]
        /// `screens_summary` (field 11).
        public var screensSummary: GTFSRealtime.TranslatedString?
        /// `no_affected_stations` (field 12).
        public var noAffectedStations: Bool?
        /// The planned work this alert was cloned from.
        public var cloneId: String?

        public init(
            createdAt: UInt64,
            updatedAt: UInt64,
            alertType: String,
            stationAlternatives: [GTFSRealtime.MercuryStationAlternative] = [],
            servicePlanNumbers: [String] = [],
            generalOrderNumbers: [String] = [],
            displayBeforeActive: UInt64? = nil,
            humanReadableActivePeriod: GTFSRealtime.TranslatedString? = nil,
            directionality: UInt64? = nil,
            affectedStations: [GTFSRealtime.EntitySelector] = [],
            screensSummary: GTFSRealtime.TranslatedString? = nil,
            noAffectedStations: Bool? = nil,
            cloneId: String? = nil
        ) {
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.alertType = alertType
            self.stationAlternatives = stationAlternatives
            self.servicePlanNumbers = servicePlanNumbers
            self.generalOrderNumbers = generalOrderNumbers
            self.displayBeforeActive = displayBeforeActive
            self.humanReadableActivePeriod = humanReadableActivePeriod
            self.directionality = directionality
            self.affectedStations = affectedStations
            self.screensSummary = screensSummary
            self.noAffectedStations = noAffectedStations
            self.cloneId = cloneId
        }
    }
}

extension GTFSRealtime.MercuryAlert: Hashable, Sendable {}

extension GTFSRealtime {
    /// MTA Mercury extension of `EntitySelector` (field 1001).
    public struct MercuryEntitySelector {
        /// "GTFS-ID:Priority", e.g. "MTASBWY:G:16".
        public var sortOrder: String

        public init(
            sortOrder: String
        ) {
            self.sortOrder = sortOrder
        }
    }
}

extension GTFSRealtime.MercuryEntitySelector: Hashable, Sendable {}
