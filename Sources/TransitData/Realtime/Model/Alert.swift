// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// A service alert: what is affected, when, why, and the text to show.
    public struct Alert {
        /// When to show the alert; none means always.
        public var activePeriods: [GTFSRealtime.TimeRange]
        /// The agencies, routes, trips and stops affected.
        public var informedEntities: [GTFSRealtime.EntitySelector]
        /// `cause` (field 6).
        public var cause: GTFSRealtime.Alert.Cause?
        /// `effect` (field 7).
        public var effect: GTFSRealtime.Alert.Effect?
        /// `url` (field 8).
        public var url: GTFSRealtime.TranslatedString?
        /// `header_text` (field 10).
        public var headerText: GTFSRealtime.TranslatedString?
        /// `description_text` (field 11).
        public var descriptionText: GTFSRealtime.TranslatedString?
        /// `tts_header_text` (field 12).
        public var ttsHeaderText: GTFSRealtime.TranslatedString?
        /// `tts_description_text` (field 13).
        public var ttsDescriptionText: GTFSRealtime.TranslatedString?
        /// `severity_level` (field 14).
        public var severityLevel: GTFSRealtime.Alert.SeverityLevel?
        /// `image` (field 15).
        public var image: GTFSRealtime.TranslatedImage?
        /// `image_alternative_text` (field 16).
        public var imageAlternativeText: GTFSRealtime.TranslatedString?
        /// `cause_detail` (field 17).
        public var causeDetail: GTFSRealtime.TranslatedString?
        /// `effect_detail` (field 18).
        public var effectDetail: GTFSRealtime.TranslatedString?
        /// MTA Mercury extension 1001, decoded with the alerts registry.
        public var mercuryAlert: GTFSRealtime.MercuryAlert?

        public init(
            activePeriods: [GTFSRealtime.TimeRange] = [],
            informedEntities: [GTFSRealtime.EntitySelector] = [],
            cause: GTFSRealtime.Alert.Cause? = nil,
            effect: GTFSRealtime.Alert.Effect? = nil,
            url: GTFSRealtime.TranslatedString? = nil,
            headerText: GTFSRealtime.TranslatedString? = nil,
            descriptionText: GTFSRealtime.TranslatedString? = nil,
            ttsHeaderText: GTFSRealtime.TranslatedString? = nil,
            ttsDescriptionText: GTFSRealtime.TranslatedString? = nil,
            severityLevel: GTFSRealtime.Alert.SeverityLevel? = nil,
            image: GTFSRealtime.TranslatedImage? = nil,
            imageAlternativeText: GTFSRealtime.TranslatedString? = nil,
            causeDetail: GTFSRealtime.TranslatedString? = nil,
            effectDetail: GTFSRealtime.TranslatedString? = nil,
            mercuryAlert: GTFSRealtime.MercuryAlert? = nil
        ) {
            self.activePeriods = activePeriods
            self.informedEntities = informedEntities
            self.cause = cause
            self.effect = effect
            self.url = url
            self.headerText = headerText
            self.descriptionText = descriptionText
            self.ttsHeaderText = ttsHeaderText
            self.ttsDescriptionText = ttsDescriptionText
            self.severityLevel = severityLevel
            self.image = image
            self.imageAlternativeText = imageAlternativeText
            self.causeDetail = causeDetail
            self.effectDetail = effectDetail
            self.mercuryAlert = mercuryAlert
        }
    }
}

extension GTFSRealtime.Alert: Hashable, Sendable {}

extension GTFSRealtime.Alert {
    /// Why the alert was issued.
    public enum Cause: Int32, CaseIterable, Sendable {
        case unknownCause = 1
        case otherCause = 2
        case technicalProblem = 3
        case strike = 4
        case demonstration = 5
        case accident = 6
        case holiday = 7
        case weather = 8
        case maintenance = 9
        case construction = 10
        case policeActivity = 11
        case medicalEmergency = 12

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .unknownCause: "UNKNOWN_CAUSE"
            case .otherCause: "OTHER_CAUSE"
            case .technicalProblem: "TECHNICAL_PROBLEM"
            case .strike: "STRIKE"
            case .demonstration: "DEMONSTRATION"
            case .accident: "ACCIDENT"
            case .holiday: "HOLIDAY"
            case .weather: "WEATHER"
            case .maintenance: "MAINTENANCE"
            case .construction: "CONSTRUCTION"
            case .policeActivity: "POLICE_ACTIVITY"
            case .medicalEmergency: "MEDICAL_EMERGENCY"
            }
        }
    }
}

extension GTFSRealtime.Alert {
    /// What the alert means for riders.
    public enum Effect: Int32, CaseIterable, Sendable {
        case noService = 1
        case reducedService = 2
        case significantDelays = 3
        case detour = 4
        case additionalService = 5
        case modifiedService = 6
        case otherEffect = 7
        case unknownEffect = 8
        case stopMoved = 9
        case noEffect = 10
        case accessibilityIssue = 11

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .noService: "NO_SERVICE"
            case .reducedService: "REDUCED_SERVICE"
            case .significantDelays: "SIGNIFICANT_DELAYS"
            case .detour: "DETOUR"
            case .additionalService: "ADDITIONAL_SERVICE"
            case .modifiedService: "MODIFIED_SERVICE"
            case .otherEffect: "OTHER_EFFECT"
            case .unknownEffect: "UNKNOWN_EFFECT"
            case .stopMoved: "STOP_MOVED"
            case .noEffect: "NO_EFFECT"
            case .accessibilityIssue: "ACCESSIBILITY_ISSUE"
            }
        }
    }
}

extension GTFSRealtime.Alert {
    /// How severe the alert is.
    public enum SeverityLevel: Int32, CaseIterable, Sendable {
        case unknownSeverity = 1
        case info = 2
        case warning = 3
        case severe = 4

        /// The value's name in the `.proto` schema, as JSON output uses it.
        public var protobufName: String {
            switch self {
            case .unknownSeverity: "UNKNOWN_SEVERITY"
            case .info: "INFO"
            case .warning: "WARNING"
            case .severe: "SEVERE"
            }
        }
    }
}
