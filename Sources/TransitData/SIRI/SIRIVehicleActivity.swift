import Foundation

/// One vehicle in a VehicleMonitoring response (`VehicleActivity`).
public struct SIRIVehicleActivity: Hashable, Sendable {
    /// When the bus reported the position (`RecordedAtTime`); nil when absent.
    public var recordedAtTime: Date?
    public var journey: SIRIVehicleJourney

    public init(recordedAtTime: Date?, journey: SIRIVehicleJourney) {
        self.recordedAtTime = recordedAtTime
        self.journey = journey
    }
}

extension SIRIVehicleActivity {
    init(siri activity: SIRIObject) throws(SIRIDecodingError) {
        recordedAtTime = try activity.time("RecordedAtTime")
        guard let journey = try activity.object("MonitoredVehicleJourney") else {
            throw SIRIDecodingError(path: activity.pathOf("MonitoredVehicleJourney"), reason: "required object is missing")
        }
        self.journey = try SIRIVehicleJourney(siri: journey)
    }
}
