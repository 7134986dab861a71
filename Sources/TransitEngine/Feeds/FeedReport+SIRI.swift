import Foundation
import TransitData

extension FeedReport {
    /// The buses of a decoded SIRI response: VehicleMonitoring's vehicles (those without a
    /// position are left off the map) and the calls of every vehicle and StopMonitoring visit.
    /// The response time stands for the feed's timestamp.
    public init(name: String, siri delivery: SIRIServiceDelivery, fetchedAt: Double) {
        let timestamp = delivery.responseTimestamp?.timeIntervalSince1970 ?? fetchedAt
        let calls = delivery.vehicleActivities.flatMap { BusCall.calls(of: $0.journey) }
            + delivery.stopVisits.flatMap { visit in visit.journey.monitoredCall.map { [BusCall(visit.journey, $0)] } ?? [] }
        self.init(name: name, timestamp: timestamp, buses: delivery.vehicleActivities.compactMap(BusReport.init(siri:)),
                  busCalls: calls)
    }
}

extension BusCall {
    /// The journey's monitored call and onward calls, each stop visit once: Bus Time repeats
    /// the monitored call as the first onward call.
    static func calls(of journey: SIRIVehicleJourney) -> [BusCall] {
        var seen = Set<String>()
        return ([journey.monitoredCall].compactMap { $0 } + journey.onwardCalls).compactMap { call in
            guard seen.insert("\(call.stopPointRef) \(call.visitNumber ?? 1)").inserted else { return nil }
            return BusCall(journey, call)
        }
    }

    init(_ journey: SIRIVehicleJourney, _ call: SIRICall) {
        self.init(stopID: SIRIReference.localID(call.stopPointRef), vehicleID: journey.vehicleRef, routeID: journey.routeID,
                  tripID: journey.datedVehicleJourneyRef.map(SIRIReference.localID), direction: journey.directionRef,
                  headsign: journey.destinationName,
                  arrival: (call.expectedArrivalTime ?? call.aimedArrivalTime)?.timeIntervalSince1970,
                  departure: call.expectedDepartureTime?.timeIntervalSince1970,
                  stopsAway: call.distances?.stopsFromCall, metresAway: call.distances?.distanceFromCall,
                  proximity: call.distances?.presentableDistance)
    }
}

extension BusReport {
    /// A bus from one `VehicleActivity`: references lose their agency prefix to become GTFS ids,
    /// the position along the journey pattern is `CallDistanceAlongRoute − DistanceFromCall`,
    /// and a bus on layover or making no progress is held.
    init?(siri activity: SIRIVehicleActivity) {
        let journey = activity.journey
        guard let latitude = journey.latitude, let longitude = journey.longitude else { return nil }
        let position = Coordinate(latitude: latitude, longitude: longitude)
        guard position.isPlausible else { return nil }
        let call = journey.monitoredCall
        let distances = call?.distances
        var along: Double?
        if let callDistance = distances?.callDistanceAlongRoute, let fromCall = distances?.distanceFromCall {
            along = callDistance - fromCall
        }
        self.init(vehicleID: journey.vehicleRef, routeID: journey.routeID,
                  tripID: journey.datedVehicleJourneyRef.map(SIRIReference.localID),
                  shapeID: journey.journeyPatternRef.map(SIRIReference.localID),
                  direction: journey.directionRef, headsign: journey.destinationName,
                  position: position, bearing: journey.bearing,
                  recordedAt: activity.recordedAtTime?.timeIntervalSince1970,
                  distanceAlongRoute: along,
                  nextStopID: call.map { SIRIReference.localID($0.stopPointRef) },
                  nextStopDistanceAlongRoute: distances?.callDistanceAlongRoute,
                  nextStopArrival: (call?.expectedArrivalTime ?? call?.aimedArrivalTime)?.timeIntervalSince1970,
                  isHeld: journey.isOnLayover || journey.progressRate == "noProgress")
    }
}
