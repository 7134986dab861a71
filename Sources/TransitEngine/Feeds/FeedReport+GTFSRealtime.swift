import TransitData

extension FeedReport {
    /// The trains of a decoded GTFS-realtime feed: each trip update joined with the vehicle
    /// position of the same trip (or a vehicle position alone), read through `profile`.
    ///
    /// A trip is told apart by its trip id, start date and (NYCT) train id, not by its trip id
    /// alone: the NYCT N/Q/R/W feed gives the two halves of a split trip the same id on two trains
    /// running at once, and both are real arrivals. Such trains get a vehicle id qualified by
    /// their train id and start date; a trip described twice the same way is taken once, the first.
    ///
    /// Timestamps of 0 count as absent; a header without one takes `fetchedAt`. Cancelled
    /// trips are no vehicles (with a network, those its timetable has go to `cancelledTrips`
    /// with their scheduled times); skipped stops are left out; a missing `current_status` stays
    /// nil (the GTFS-realtime default, in transit).
    public init(name: String, realtime feed: GTFSRealtime.FeedMessage, profile: any AgencyProfile, fetchedAt: Double) {
        self.init(name: name, realtime: feed, profile: profile, network: nil, fetchedAt: fetchedAt)
    }

    /// The trains of a decoded GTFS-realtime feed read against the static network: a trip the
    /// network knows runs on its static route (feeds' route ids may be out of date), and, where
    /// the profile reads trip updates against the timetable, every stop from the first one an
    /// update gives gets a prediction by the reference's rules (`RealtimeTimetable`).
    public init(name: String, realtime feed: GTFSRealtime.FeedMessage, network: Network, fetchedAt: Double) {
        self.init(name: name, realtime: feed, profile: network.profile, network: network, fetchedAt: fetchedAt)
    }

    init(name: String, realtime feed: GTFSRealtime.FeedMessage, profile: any AgencyProfile, network: Network?, fetchedAt: Double) {
        let timestamp = FeedTime.seconds(feed.header.timestamp) ?? fetchedAt
        var vehicles: [TripIdentity: GTFSRealtime.VehiclePosition] = [:]
        for entity in feed.entities where entity.isDeleted != true {
            if let vehicle = entity.vehicle, let trip = vehicle.trip, let identity = TripIdentity(trip) { vehicles[identity] = vehicle }
        }
        var trips: [(identity: TripIdentity, trip: GTFSRealtime.TripDescriptor, update: GTFSRealtime.TripUpdate?)] = []
        var reported = Set<TripIdentity>()
        var cancelled: [TrainReport] = []
        for entity in feed.entities where entity.isDeleted != true {
            if let update = entity.tripUpdate, update.trip.scheduleRelationship == .canceled, let tripID = update.trip.tripId,
               let network, network.timetable(ofTrip: tripID) != nil, let identity = TripIdentity(update.trip) {
                let report = TrainReport(trip: update.trip, update: update, vehicle: nil, profile: profile, network: network,
                                         feedTimestamp: timestamp, vehicleID: identity.qualifiedID)
                if !report.stopTimes.isEmpty { cancelled.append(report) }
            }
            if let update = entity.tripUpdate, update.trip.scheduleRelationship != .canceled {
                let trip = Self.copiedTrip(update)
                if let identity = TripIdentity(trip), reported.insert(identity).inserted { trips.append((identity, trip, update)) }
            }
        }
        for (identity, vehicle) in vehicles.sorted(by: { $0.key < $1.key }) where !reported.contains(identity) {
            guard let trip = vehicle.trip, trip.scheduleRelationship != .canceled else { continue }
            trips.append((identity, trip, nil))
        }
        var tripsPerID: [String: Int] = [:]
        for trip in trips { tripsPerID[trip.identity.tripID, default: 0] += 1 }
        let described = trips.map { identity, _, update in
            profile.namesVehiclesByDescriptor ? (vehicles[identity]?.vehicle?.id ?? update?.vehicle?.id).flatMap { $0.isEmpty ? nil : $0 } : nil
        }
        var tripsPerVehicle: [String: Int] = [:]
        for id in described.compactMap(\.self) { tripsPerVehicle[id, default: 0] += 1 }
        let trains = zip(trips, described).map { entry, vehicleID in
            let (identity, trip, update) = entry
            // The vehicle's own id where the feed gives one to this trip alone (a bus already listed
            // for its next trip keeps trip ids apart); a DUPLICATED copy's new trip id; else the trip's.
            let copyID = trip.scheduleRelationship == .duplicated ? update?.tripProperties?.tripId.flatMap { $0.isEmpty ? nil : $0 } : nil
            let id = vehicleID.flatMap { tripsPerVehicle[$0] == 1 ? $0 : nil } ?? copyID
                ?? (tripsPerID[identity.tripID, default: 0] > 1 ? identity.qualifiedID : identity.tripID)
            return TrainReport(trip: trip, update: update, vehicle: vehicles[identity], profile: profile, network: network,
                               feedTimestamp: timestamp, vehicleID: id)
        }
        self.init(name: name, timestamp: timestamp, trains: trains, cancelledTrips: cancelled)
    }

    /// The trip an update describes: a DUPLICATED trip (GTFS-realtime reference) runs its static
    /// trip's timetable from `trip_properties`' start date and time, so those replace the descriptor's.
    static func copiedTrip(_ update: GTFSRealtime.TripUpdate) -> GTFSRealtime.TripDescriptor {
        var trip = update.trip
        guard trip.scheduleRelationship == .duplicated, let properties = update.tripProperties else { return trip }
        if let date = properties.startDate, !date.isEmpty { trip.startDate = date }
        if let time = properties.startTime, !time.isEmpty { trip.startTime = time }
        return trip
    }
}

extension TrainReport {
    init(trip: GTFSRealtime.TripDescriptor, update: GTFSRealtime.TripUpdate?, vehicle: GTFSRealtime.VehiclePosition?,
         profile: any AgencyProfile, network: Network?, feedTimestamp: Double, vehicleID: String) {
        let tripID = trip.tripId ?? ""
        let scheduled = network?.trips[tripID]
        let routeID = scheduled?.routeID
            ?? trip.routeId.flatMap { $0.isEmpty ? nil : $0 }
            ?? profile.shapeIDs(namedByTripID: tripID).first.flatMap { profile.routeAndDirection(ofShapeID: $0)?.route }
            ?? ""
        let direction = trip.directionId.map { profile.direction(forDirectionID: String($0)) }
            ?? trip.nyctTripDescriptor?.direction.flatMap { direction -> String? in
                switch direction {
                case .north: "N"
                case .south: "S"
                default: nil
                }
            }
            ?? profile.direction(ofTripID: tripID)
            ?? scheduled?.direction
        let notStarted = profile.isNotStarted(trip: trip, vehicle: vehicle, feedTimestamp: feedTimestamp)
        // A trip-level delay holds from the first stop (a DUPLICATED copy runs its timetable from its
        // start time, a CANCELED trip's stops are its timetable's, every one: what boards show as cancelled).
        let relationship = trip.scheduleRelationship
        let timetabled = update.flatMap { update in
            network?.timetable(ofTrip: tripID)?.predictions(
                trip: trip, updates: relationship == .canceled ? [] : update.stopTimeUpdates,
                tripDelay: relationship == .canceled ? 0 : update.delay.map(Double.init) ?? (relationship == .duplicated ? 0 : nil),
                feedTime: feedTimestamp)
        }
        let stopTimes = timetabled ?? (update?.stopTimeUpdates ?? []).compactMap { stopTime -> StopTimePrediction? in
            guard stopTime.scheduleRelationship != .skipped, let stopID = stopTime.stopId, !stopID.isEmpty else { return nil }
            return StopTimePrediction(stopID: profile.correctedStopID(stopID, routeID: routeID, direction: direction),
                                      arrival: FeedTime.seconds(stopTime.arrival?.time),
                                      departure: FeedTime.seconds(stopTime.departure?.time),
                                      track: stopTime.nyctStopTimeUpdate?.track,
                                      delay: (stopTime.arrival?.delay ?? stopTime.departure?.delay).map(Double.init))
        }
        let status: StopStatus? = switch vehicle?.currentStatus {
        case .incomingAt: .incomingAt
        case .stoppedAt: .stoppedAt
        case .inTransitTo: .inTransitTo
        case nil: nil
        }
        let position = vehicle?.position.map {
            Coordinate(latitude: Double($0.latitude), longitude: Double($0.longitude))
        }.flatMap { $0.isPlausible ? $0 : nil }
        self.init(
            tripID: tripID, vehicleID: vehicleID, routeID: routeID, direction: direction,
            vehicleStopID: vehicle?.stopId.flatMap { $0.isEmpty ? nil : profile.correctedStopID($0, routeID: routeID, direction: direction) },
            stopStatus: status,
            // A not-started trip's stamp is its scheduled departure, not a report.
            reportedAt: notStarted ? nil : FeedTime.seconds(vehicle?.timestamp) ?? FeedTime.seconds(update?.timestamp),
            position: position,
            bearing: vehicle?.position?.bearing.flatMap { $0.isFinite ? Bearing.normalized(Double($0)) : nil },
            stopTimes: stopTimes, notStarted: notStarted,
            shapeID: update?.tripProperties?.shapeId.flatMap { $0.isEmpty ? nil : $0 })
    }
}
