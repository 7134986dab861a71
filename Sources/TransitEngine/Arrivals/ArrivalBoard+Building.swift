extension ArrivalBoard {
    /// Computes `station`'s board from the trip updates in `feeds` at the instant `now`.
    ///
    /// A train counts while it has not left the platform: its departure (or, for a train
    /// terminating here, its arrival) is not before `now`. It is shown at its arrival time, so a
    /// terminating train reads as arriving. Pure: the clock is the `now` argument.
    ///
    /// The board is computed at `now` rounded down to the whole second its wire form shows
    /// (`ts`), so every arrival's `minutes` and `due` agree with its `time` and `ts` as a client
    /// reads them; from the exact instant, a train 1,200 s after `ts` could show 19 minutes.
    public init(station: Station, network: Network, feeds: FeedSnapshot, now exactNow: Double) {
        let now = exactNow.rounded(.down)
        let platforms = Set(station.platforms)
        var candidates: [GroupKey: [Candidate]] = [:]
        for feed in feeds.feeds {
            for train in feed.trains {
                for prediction in train.stopTimes where platforms.contains(prediction.stopID) {
                    guard let arrival = prediction.arrivalOrDeparture,
                          let leaves = prediction.departureOrArrival, leaves >= now else { continue }
                    let direction = Self.direction(ofPlatform: prediction.stopID) ?? train.direction ?? prediction.stopID
                    let key = GroupKey(routeID: train.routeID, direction: direction)
                    candidates[key, default: []].append(Candidate(train: train, time: max(arrival, now), track: prediction.track))
                }
            }
        }
        let groups = candidates.map { key, found -> ArrivalGroup in
            let soonest = found.sorted { ($0.time, $0.train.tripID) < ($1.time, $1.train.tripID) }
                .prefix(Self.arrivalsPerGroup)
            let arrivals = soonest.map { candidate in
                let wait = candidate.time - now
                return Arrival(tripID: candidate.train.tripID, time: candidate.time,
                               minutes: Int((wait / 60).rounded(.down)), isDue: wait < Self.dueWithin,
                               track: candidate.track)
            }
            return ArrivalGroup(routeID: key.routeID, direction: key.direction,
                                headsign: soonest.first.flatMap { Self.headsign(of: $0.train, in: network) },
                                arrivals: arrivals)
        }
        self.init(stationID: station.id, timestamp: now,
                  groups: groups.sorted { ($0.routeID, $0.direction) < ($1.routeID, $1.direction) })
    }

    /// The trip's own headsign, the schedule's, else the name of the last stop it predicts.
    static func headsign(of train: TrainReport, in network: Network) -> String? {
        if let headsign = train.headsign, !headsign.isEmpty { return headsign }
        if let headsign = network.trips[train.tripID]?.headsign, !headsign.isEmpty { return headsign }
        guard let last = train.stopTimes.last?.stopID, let stop = network.stops[last] else { return nil }
        if let parent = stop.parentStation, let station = network.stops[parent] { return station.name }
        return stop.name
    }

    /// NYC platforms end in their direction (`127N`), which is the side of the station riders
    /// stand on; the trip's own label can disagree (the 42 St Shuttle's trips), so it comes second.
    static func direction(ofPlatform stopID: String) -> String? {
        guard let last = stopID.last, last == "N" || last == "S" else { return nil }
        return String(last)
    }

    private struct GroupKey: Hashable {
        var routeID: String
        var direction: String
    }

    private struct Candidate {
        var train: TrainReport
        var time: Double
        var track: String?
    }
}
