/// Why a SIRI document, or one entry in it, could not be decoded.
///
/// `path` names the offending member the way the JSON spells it, e.g.
/// `Siri.ServiceDelivery.VehicleMonitoringDelivery[0].VehicleActivity[12].MonitoredVehicleJourney.Bearing`,
/// so a message points straight at the bad value in a multi-megabyte snapshot.
public struct SIRIDecodingError: Error, Hashable, Sendable {
    /// Where in the document; empty for the document as a whole.
    public var path: String
    /// What is wrong there.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

extension SIRIDecodingError: CustomStringConvertible {
    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
