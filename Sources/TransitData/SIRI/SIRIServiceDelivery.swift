import Foundation

/// A decoded SIRI response (`Siri.ServiceDelivery`): the vehicles, stop visits and situations
/// of its VehicleMonitoring, StopMonitoring and SituationExchange deliveries, in order.
///
/// Decoding is per entry: an entry with a missing required member or a member of the wrong
/// type is left out and described in ``skipped``, so one bad bus does not blank the map. A
/// response that is not SIRI at all fails as a whole (see ``SIRIDecoder``).
public struct SIRIServiceDelivery: Hashable, Sendable {
    public var responseTimestamp: Date?
    /// Until when the first delivery's data is valid (Bus Time: one minute after the response).
    public var validUntil: Date?
    public var vehicleActivities: [SIRIVehicleActivity]
    public var stopVisits: [SIRIStopVisit]
    public var situations: [SIRISituation]
    /// `ErrorCondition` texts of deliveries that failed, e.g. an unknown API key or line.
    public var errorConditions: [String]
    /// Entries left out, with the reason for each.
    public var skipped: [SIRIDecodingError]

    public init(responseTimestamp: Date? = nil, validUntil: Date? = nil,
                vehicleActivities: [SIRIVehicleActivity] = [], stopVisits: [SIRIStopVisit] = [],
                situations: [SIRISituation] = [], errorConditions: [String] = [],
                skipped: [SIRIDecodingError] = []) {
        self.responseTimestamp = responseTimestamp
        self.validUntil = validUntil
        self.vehicleActivities = vehicleActivities
        self.stopVisits = stopVisits
        self.situations = situations
        self.errorConditions = errorConditions
        self.skipped = skipped
    }
}

extension SIRIServiceDelivery {
    /// Reads `{"Siri": {"ServiceDelivery": …}}` (the XML tree has the same shape).
    init(siriDocument root: SIRIObject) throws(SIRIDecodingError) {
        guard let siri = try root.object("Siri") else {
            let found = root.members.keys.sorted().prefix(3).joined(separator: ", ")
            throw SIRIDecodingError(path: "", reason: "not a SIRI document: no 'Siri' member (found: \(found.isEmpty ? "nothing" : found))")
        }
        guard let delivery = try siri.object("ServiceDelivery") else {
            throw SIRIDecodingError(path: "Siri", reason: "no ServiceDelivery (only service deliveries are decoded)")
        }
        self.init()
        responseTimestamp = try delivery.time("ResponseTimestamp")
        var activities: [SIRIVehicleActivity] = []
        var visits: [SIRIStopVisit] = []
        var notices: [SIRISituation] = []
        var issues: [SIRIDecodingError] = []

        for monitoring in try delivery.objects("VehicleMonitoringDelivery") {
            try readHeader(of: monitoring)
            try monitoring.forEachEntry("VehicleActivity", skipped: &issues) { entry throws(SIRIDecodingError) in
                activities.append(try SIRIVehicleActivity(siri: entry))
            }
        }
        for monitoring in try delivery.objects("StopMonitoringDelivery") {
            try readHeader(of: monitoring)
            try monitoring.forEachEntry("MonitoredStopVisit", skipped: &issues) { entry throws(SIRIDecodingError) in
                visits.append(try SIRIStopVisit(siri: entry))
            }
        }
        for exchange in try delivery.objects("SituationExchangeDelivery") {
            try readHeader(of: exchange)
            guard let container = try exchange.object("Situations") else { continue }
            try container.forEachEntry("PtSituationElement", skipped: &issues) { entry throws(SIRIDecodingError) in
                notices.append(try SIRISituation(siri: entry))
            }
        }
        vehicleActivities = activities
        stopVisits = visits
        situations = notices
        skipped = issues
    }

    /// Takes the validity and any error condition of one delivery.
    private mutating func readHeader(of delivery: SIRIObject) throws(SIRIDecodingError) {
        if validUntil == nil { validUntil = try delivery.time("ValidUntil") }
        guard let condition = try delivery.object("ErrorCondition") else { return }
        // Bus Time puts the text in `Description`, SIRI in `<SomeError>.ErrorText`.
        var message = try condition.text("Description")
        for key in condition.members.keys.sorted() where message == nil {
            guard let specific = try? condition.object(key) else { continue }
            message = try specific.text("ErrorText")
        }
        errorConditions.append(message ?? "unspecified error condition")
    }
}
