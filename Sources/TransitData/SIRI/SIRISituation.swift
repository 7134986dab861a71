import Foundation

/// A service notice from SituationExchange (`PtSituationElement`), e.g. a detour.
///
/// `SituationNumber` is required (vehicles refer to situations by it); an element without
/// one is skipped.
public struct SIRISituation: Hashable, Sendable {
    /// A line and direction the situation affects (`AffectedVehicleJourney`).
    public struct AffectedJourney: Hashable, Sendable {
        public var lineRef: String
        public var directionRef: String?

        public init(lineRef: String, directionRef: String? = nil) {
            self.lineRef = lineRef
            self.directionRef = directionRef
        }
    }

    public var situationNumber: String
    public var creationTime: Date?
    public var publicationStart: Date?
    /// Nil when the situation is open-ended.
    public var publicationEnd: Date?
    /// SIRI severity, e.g. `undefined`, `normal`, `severe`.
    public var severity: String?
    public var summary: String?
    public var description: String?
    public var affected: [AffectedJourney]
    /// Consequence conditions, e.g. `diverted`.
    public var conditions: [String]

    public init(situationNumber: String, creationTime: Date? = nil, publicationStart: Date? = nil,
                publicationEnd: Date? = nil, severity: String? = nil, summary: String? = nil,
                description: String? = nil, affected: [AffectedJourney] = [], conditions: [String] = []) {
        self.situationNumber = situationNumber
        self.creationTime = creationTime
        self.publicationStart = publicationStart
        self.publicationEnd = publicationEnd
        self.severity = severity
        self.summary = summary
        self.description = description
        self.affected = affected
        self.conditions = conditions
    }
}

extension SIRISituation {
    init(siri situation: SIRIObject) throws(SIRIDecodingError) {
        situationNumber = try situation.requiredString("SituationNumber")
        creationTime = try situation.time("CreationTime")
        let window = try situation.object("PublicationWindow")
        publicationStart = try window?.time("StartTime")
        publicationEnd = try window?.time("EndTime")
        severity = try situation.string("Severity")
        summary = try situation.text("Summary")
        description = try situation.text("Description")
        affected = []
        if let journeys = try situation.object("Affects")?.object("VehicleJourneys") {
            for journey in try journeys.objects("AffectedVehicleJourney") {
                affected.append(AffectedJourney(lineRef: try journey.requiredString("LineRef"),
                                                directionRef: try journey.string("DirectionRef")))
            }
        }
        conditions = []
        if let consequences = try situation.object("Consequences") {
            for consequence in try consequences.objects("Consequence") {
                if let condition = try consequence.string("Condition") { conditions.append(condition) }
            }
        }
    }
}
