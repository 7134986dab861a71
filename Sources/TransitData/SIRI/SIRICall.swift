import Foundation

/// A stop a vehicle is about to serve: SIRI `MonitoredCall` or one of its `OnwardCalls`.
public struct SIRICall: Hashable, Sendable {
    /// The stop id with its agency prefix, e.g. `MTA_404303` (`MTA NYCT_308209` before 2013).
    public var stopPointRef: String
    public var stopPointName: String?
    /// Which visit to this stop on the trip (loops call at a stop twice).
    public var visitNumber: Int?
    public var aimedArrivalTime: Date?
    public var expectedArrivalTime: Date?
    public var expectedDepartureTime: Date?
    /// Bus Time's distance extension; nil when the feed omits it.
    public var distances: SIRICallDistances?

    public init(stopPointRef: String, stopPointName: String? = nil, visitNumber: Int? = nil,
                aimedArrivalTime: Date? = nil, expectedArrivalTime: Date? = nil,
                expectedDepartureTime: Date? = nil, distances: SIRICallDistances? = nil) {
        self.stopPointRef = stopPointRef
        self.stopPointName = stopPointName
        self.visitNumber = visitNumber
        self.aimedArrivalTime = aimedArrivalTime
        self.expectedArrivalTime = expectedArrivalTime
        self.expectedDepartureTime = expectedDepartureTime
        self.distances = distances
    }
}

extension SIRICall {
    /// Reads a call; `StopPointRef` is required.
    ///
    /// SIRI 1.3 (Bus Time v1) keeps the distances in `Extensions.Distances`; SIRI 2.0 (v2) also
    /// puts `ArrivalProximityText`, `DistanceFromStop` and `NumberOfStopsAway` on the call
    /// itself, which are read when the extension is absent.
    init(siri call: SIRIObject) throws(SIRIDecodingError) {
        stopPointRef = try call.requiredString("StopPointRef")
        stopPointName = try call.text("StopPointName")
        visitNumber = try call.int("VisitNumber")
        aimedArrivalTime = try call.time("AimedArrivalTime")
        expectedArrivalTime = try call.time("ExpectedArrivalTime")
        expectedDepartureTime = try call.time("ExpectedDepartureTime")
        if let extensions = try call.object("Extensions"), let distances = try extensions.object("Distances") {
            self.distances = try SIRICallDistances(siri: distances)
        } else {
            self.distances = try SIRICallDistances(siriVersion2Call: call)
        }
    }
}
