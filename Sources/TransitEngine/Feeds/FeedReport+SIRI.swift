import Foundation
import TransitData

extension FeedReport {
    /// The buses of a decoded SIRI VehicleMonitoring response; vehicles without a position are
    /// left out. The response time stands for the feed's timestamp.
    public init(name: String, siri delivery: SIRIServiceDelivery, fetchedAt: Double) {
        let timestamp = delivery.responseTimestamp?.timeIntervalSince1970 ?? fetchedAt
        self.init(name: name, timestamp: timestamp, buses: delivery.vehicleActivities.compactMap(BusReport.init(siri:)))
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
