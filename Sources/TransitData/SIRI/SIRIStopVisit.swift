import Foundation

/// One upcoming bus at a stop in a StopMonitoring response (`MonitoredStopVisit`); the
/// journey's `monitoredCall` is the call at the monitored stop, with its expected times.
public struct SIRIStopVisit: Hashable, Sendable {
    /// The monitored stop (`MonitoringRef`); nil in Bus Time v1 responses, which omit it.
    public var monitoringRef: String?
    public var recordedAtTime: Date?
    public var journey: SIRIVehicleJourney

    public init(monitoringRef: String? = nil, recordedAtTime: Date?, journey: SIRIVehicleJourney) {
        self.monitoringRef = monitoringRef
        self.recordedAtTime = recordedAtTime
        self.journey = journey
    }
}

extension SIRIStopVisit {
    init(siri visit: SIRIObject) throws(SIRIDecodingError) {
        monitoringRef = try visit.string("MonitoringRef")
        recordedAtTime = try visit.time("RecordedAtTime")
        guard let journey = try visit.object("MonitoredVehicleJourney") else {
            throw SIRIDecodingError(path: visit.pathOf("MonitoredVehicleJourney"), reason: "required object is missing")
        }
        self.journey = try SIRIVehicleJourney(siri: journey)
    }
}
