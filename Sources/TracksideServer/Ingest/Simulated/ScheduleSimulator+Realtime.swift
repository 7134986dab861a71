import Foundation
import TransitData

extension ScheduleSimulator {
    /// What a NYCT subway feed would publish at `now`: a trip update and a vehicle position for
    /// every running train. (The demo's alerts are a feed of their own, `alertsFeed(at:)`, as
    /// the MTA publishes them.)
    public func feed(at now: Double) -> GTFSRealtime.FeedMessage {
        let active = activeTrips(at: now).sorted { $0.tripID < $1.tripID }
        var entities: [GTFSRealtime.FeedEntity] = []
        entities.reserveCapacity(active.count * 2)
        for trip in active {
            let descriptor = tripDescriptor(trip)
            let progress = trip.progress(at: now)
            entities.append(GTFSRealtime.FeedEntity(id: "\(trip.entityID)#trip", tripUpdate: tripUpdate(trip, descriptor, progress)))
            entities.append(GTFSRealtime.FeedEntity(id: "\(trip.entityID)#vehicle", vehicle: vehicle(trip, descriptor, progress)))
        }
        let timestamp = UInt64(now)
        let replacement = routeIDs.map {
            GTFSRealtime.TripReplacementPeriod(routeId: $0, replacementPeriod: GTFSRealtime.TimeRange(end: timestamp + 1800))
        }
        let header = GTFSRealtime.FeedHeader(
            gtfsRealtimeVersion: "1.0", incrementality: .fullDataset, timestamp: timestamp,
            nyctFeedHeader: GTFSRealtime.NyctFeedHeader(nyctSubwayVersion: "1.0", tripReplacementPeriods: replacement))
        return GTFSRealtime.FeedMessage(header: header, entities: entities)
    }

    private func tripDescriptor(_ trip: SimulatedTrip) -> GTFSRealtime.TripDescriptor {
        let direction = trip.directionID.map { $0 == 1 ? GTFSRealtime.NyctTripDescriptor.Direction.south : .north }
        let origin = trip.startTime.description
        // NYCT train ids read like "01 1234+ 242/SFT": route, origin time, terminals.
        let trainID = "0\(trip.routeID) \(origin.replacingOccurrences(of: ":", with: "").prefix(4))+ \(trip.calls[0].stopID)/\(trip.calls[trip.calls.count - 1].stopID)"
        return GTFSRealtime.TripDescriptor(
            tripId: trip.tripID, routeId: trip.routeID, directionId: trip.directionID.flatMap { UInt32(exactly: $0) },
            startTime: origin, startDate: trip.serviceDate.description,
            scheduleRelationship: .scheduled,
            nyctTripDescriptor: GTFSRealtime.NyctTripDescriptor(trainId: trainID, isAssigned: true, direction: direction))
    }

    private func tripUpdate(_ trip: SimulatedTrip, _ descriptor: GTFSRealtime.TripDescriptor,
                            _ progress: SimulatedTrip.Progress) -> GTFSRealtime.TripUpdate {
        let first: Int
        switch progress {
        case .stopped(let index, _): first = index
        case .running(let index, _): first = index
        }
        let track: String? = isRoad ? nil : trip.directionID == 1 ? "1" : "4"
        let updates = trip.calls[first...].enumerated().map { offset, call in
            GTFSRealtime.TripUpdate.StopTimeUpdate(
                stopId: call.stopID,
                // The stop the train stands at has departed from its arrival; only its departure is ahead.
                // With the delay against the timetable, as GTFS-realtime allows beside the time.
                arrival: offset == 0 && first == 0 ? nil : .init(delay: Int32((call.arrival - call.scheduledArrival).rounded()),
                                                                time: Int64(call.arrival.rounded())),
                departure: first + offset == trip.calls.count - 1 ? nil : .init(time: Int64(call.departure.rounded())),
                nyctStopTimeUpdate: track.map { GTFSRealtime.NyctStopTimeUpdate(scheduledTrack: $0, actualTrack: offset == 0 ? $0 : nil) })
        }
        return GTFSRealtime.TripUpdate(trip: descriptor, stopTimeUpdates: updates)
    }

    private func vehicle(_ trip: SimulatedTrip, _ descriptor: GTFSRealtime.TripDescriptor,
                         _ progress: SimulatedTrip.Progress) -> GTFSRealtime.VehiclePosition {
        switch progress {
        case .stopped(let index, let since):
            return GTFSRealtime.VehiclePosition(trip: descriptor, currentStopSequence: UInt32(index + 1),
                                                stopId: trip.calls[index].stopID, currentStatus: .stoppedAt,
                                                timestamp: UInt64(since))
        case .running(let index, let since):
            return GTFSRealtime.VehiclePosition(trip: descriptor, currentStopSequence: UInt32(index + 1),
                                                stopId: trip.calls[index].stopID, currentStatus: .inTransitTo,
                                                timestamp: UInt64(since))
        }
    }
}
