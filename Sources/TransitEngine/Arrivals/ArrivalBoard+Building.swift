extension ArrivalBoard {
    /// Computes `station`'s board from the trip updates in `feeds` at the instant `now`.
    ///
    /// A train counts while it has not left the platform: its departure (or, for a train
    /// terminating here, its arrival) is not before `now`. It is shown at its arrival time.
    /// Pure: the clock is the `now` argument.
    ///
    /// The board is computed at `now` rounded down to the whole second its wire form shows
    /// (`ts`), so every arrival's `minutes` and `due` agree with its `time` and `ts` as a client
    /// reads them; from the exact instant, a train 1,200 s after `ts` could show 19 minutes.
    ///
    /// `staleFeeds` names the feeds (`FeedReport.name`) whose data is not current; a group showing
    /// an arrival from one of them is stale, and the board names the routes of everything they
    /// predict here, past or ahead (`staleRoutes`). Whether a feed is current is the caller's
    /// judgement (the server's feed health), so the board stays a function of its arguments.
    ///
    /// A complex's board merges all its platforms. Where the agency's trip updates run to the
    /// terminal (`AgencyProfile.tripUpdatesRunToTheTerminal`), a train whose last stop is here is
    /// not a departure: it goes to `terminating`. `id` names the board (a member station's or
    /// platform's id an old link used; the station's own by default).
    public init(station: Station, network: Network, feeds: FeedSnapshot, staleFeeds: Set<String> = [], now: Double,
                id: String? = nil) {
        self.init(kind: .station, id: id ?? station.id, stops: station.platforms.isEmpty ? [station.id] : station.platforms,
                  network: network, feeds: feeds, staleFeeds: staleFeeds, now: now)
    }

    /// Computes `busStop`'s board at `now` (rounded down likewise) from the same trip updates
    /// (bus GTFS-realtime) and from SIRI calls (VehicleMonitoring's calls, StopMonitoring's visits).
    ///
    /// A bus reported by several feeds (a VehicleMonitoring and a StopMonitoring poll) counts
    /// once, as the newest feed has it. A call without a predicted time still counts, ordered
    /// after the timed ones by how far away the bus is.
    public init(busStop: BusStop, network: Network, feeds: FeedSnapshot, staleFeeds: Set<String> = [], now: Double) {
        self.init(kind: .busStop, id: busStop.id, stops: [busStop.id], network: network, feeds: feeds,
                  staleFeeds: staleFeeds, now: now)
    }

    /// `stops`: the platforms (or the bus stop).
    private init(kind: PlaceKind, id: String, stops listed: [String], network: Network, feeds: FeedSnapshot,
                 staleFeeds: Set<String>, now exactNow: Double) {
        let now = exactNow.rounded(.down)
        var seen: Set<String> = []
        let stops = listed.filter { seen.insert($0).inserted }
        let here = Set(stops)
        let endsAreTerminals = kind == .station && network.profile.tripUpdatesRunToTheTerminal
        var candidates: [GroupKey: [Candidate]] = [:]
        var ending: [GroupKey: [Candidate]] = [:]
        var headings: [GroupKey: String] = [:]
        for feed in feeds.feeds {
            for stop in stops {
                for (train, prediction) in feed.predictions(at: stop) {
                    guard let arrival = prediction.arrivalOrDeparture,
                          let leaves = prediction.departureOrArrival, leaves >= now else { continue }
                    let direction = network.boardDirection(of: train, at: prediction)
                    let key = GroupKey(routeID: train.routeID, direction: direction)
                    if headings[key] == nil { headings[key] = network.heading(atPlatform: prediction.stopID, direction: direction) }
                    let candidate = Candidate(tripID: train.tripID, time: max(arrival, now), track: prediction.track,
                                              source: .train(train), feed: feed.name)
                    if endsAreTerminals, let last = train.stopTimes.last?.stopID, here.contains(last) {
                        ending[key, default: []].append(candidate)
                    } else {
                        candidates[key, default: []].append(candidate)
                    }
                }
                // Cancelled trips stay on the board at their scheduled times, marked so, until then.
                for (train, scheduled) in feed.cancellations(at: stop) {
                    guard let arrival = scheduled.arrivalOrDeparture, let leaves = scheduled.departureOrArrival, leaves >= now,
                          train.stopTimes.last?.stopID != stop else { continue }
                    let direction = network.boardDirection(of: train, at: scheduled)
                    candidates[GroupKey(routeID: train.routeID, direction: direction), default: []].append(
                        Candidate(tripID: train.tripID, time: max(arrival, now), source: .train(train), feed: feed.name,
                                  isCancelled: true))
                }
            }
        }
        for (key, candidate) in Self.busCandidates(at: stops, feeds: feeds, now: now) {
            candidates[key, default: []].append(candidate)
        }
        let group = { (key: GroupKey, found: [Candidate]) -> ArrivalGroup in
            let soonest = found.sorted { $0.order < $1.order }.prefix(Self.arrivalsPerGroup)
            let arrivals = soonest.map { candidate in
                let wait = candidate.time.map { $0 - now }
                return Arrival(tripID: candidate.tripID, time: candidate.time, minutes: wait.map { Int(($0 / 60).rounded(.down)) },
                               isDue: !candidate.isCancelled && (wait.map { $0 < Self.dueWithin } ?? Self.isNear(candidate.call?.proximity)),
                               track: candidate.track, proximity: candidate.call?.proximity, stopsAway: candidate.call?.stopsAway,
                               isCancelled: candidate.isCancelled)
            }
            return ArrivalGroup(routeID: key.routeID, direction: key.direction,
                                headsign: soonest.first.flatMap { $0.headsign(in: network) }, heading: headings[key],
                                arrivals: arrivals, isStale: soonest.contains { staleFeeds.contains($0.feed) },
                                label: network.label(ofRoute: key.routeID))
        }
        let order = { (a: ArrivalGroup, b: ArrivalGroup) in (a.routeID, a.direction) < (b.routeID, b.direction) }
        let groups = candidates.map(group)
        var staleRoutes: Set<String> = []
        for feed in feeds.feeds where staleFeeds.contains(feed.name) {
            for stop in stops {
                staleRoutes.formUnion(feed.predictions(at: stop).map(\.train.routeID))
                staleRoutes.formUnion(feed.busCalls(at: stop).map(\.routeID))
            }
        }
        self.init(kind: kind, stationID: id, timestamp: now, groups: groups.sorted(by: order),
                  terminating: ending.map(group).sorted(by: order), staleRoutes: staleRoutes.sorted())
    }

    /// The SIRI calls at `stops` still ahead at `now`, one per bus (the newest feed's), with
    /// their groups.
    private static func busCandidates(at stops: [String], feeds: FeedSnapshot, now: Double) -> [(GroupKey, Candidate)] {
        var newest: [String: (timestamp: Double, key: GroupKey, candidate: Candidate)] = [:]
        for feed in feeds.feeds {
            for call in stops.flatMap(feed.busCalls(at:)) {
                if let leaves = call.departure ?? call.arrival, leaves < now { continue }
                let key = GroupKey(routeID: call.routeID, direction: call.direction ?? call.stopID)
                let candidate = Candidate(tripID: call.tripID ?? call.vehicleID, time: call.arrival.map { max($0, now) },
                                          source: .bus(call), feed: feed.name)
                let bus = "\(call.vehicleID) \(call.stopID)"
                if let kept = newest[bus], kept.timestamp > feed.timestamp { continue }
                newest[bus] = (feed.timestamp, key, candidate)
            }
        }
        return newest.values.map { ($0.key, $0.candidate) }
    }

    /// Whether Bus Time's words for an untimed bus mean it is at the stop or about to be.
    static func isNear(_ proximity: String?) -> Bool {
        proximity == "at stop" || proximity == "approaching"
    }

    /// The trip's own headsign, the schedule's, else the name of the last stop it predicts.
    static func headsign(of train: TrainReport, in network: Network) -> String? {
        if let headsign = train.headsign, !headsign.isEmpty { return headsign }
        if let headsign = network.trips[train.tripID]?.headsign, !headsign.isEmpty { return headsign }
        guard let last = train.stopTimes.last?.stopID, let stop = network.stops[last] else { return nil }
        if let parent = stop.parentStation, let station = network.stops[parent] { return station.name }
        return stop.name
    }

    private struct GroupKey: Hashable {
        var routeID: String
        var direction: String
    }

    /// A train or bus that may make the board.
    private struct Candidate {
        enum Source {
            case train(TrainReport)
            case bus(BusCall)
        }

        var tripID: String
        /// When it reaches the stop, not before `now`; nil for a bus call without a prediction.
        var time: Double?
        /// The platform track, where the trip update gives one.
        var track: String? = nil
        var source: Source
        /// The name of the feed it comes from.
        var feed: String
        /// A `CANCELED` trip at its scheduled time.
        var isCancelled = false

        /// The SIRI call, for a bus.
        var call: BusCall? {
            if case .bus(let call) = source { return call }
            return nil
        }

        /// Soonest first; untimed buses after the timed ones, nearest first; trip id on a tie.
        var order: (Double, Double, String) {
            (time ?? .infinity, call?.metresAway ?? .infinity, tripID)
        }

        func headsign(in network: Network) -> String? {
            switch source {
            case .train(let train): ArrivalBoard.headsign(of: train, in: network)
            case .bus(let call): call.headsign.flatMap { $0.isEmpty ? nil : $0 } ?? network.trips[call.tripID ?? ""]?.headsign
            }
        }
    }
}
