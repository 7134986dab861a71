import TransitEngine

/// The vehicle topics: a tick's deltas per region, the board REST lists from, vehicle cards.
extension PushHub {
    /// A new tick: diffs `states` against the published ones (`diff(_:)`), publishes the result
    /// and returns one delta per region that changed, plus one empty delta shared by every
    /// other subscriber — so each client sees every seq and can tell a lost message from a
    /// quiet tick.
    /// `feedTime` is the feeds' clock at the tick, which a delta carries as `feed_ts` when it moved
    /// otherwise than the tick's own clock (`carriesFeedClock`).
    public mutating func publish(_ states: [VehicleState], now: Double, feedTime: Double? = nil) -> [Delivery] {
        publish(diff(states), now: now, feedTime: feedTime)
    }

    /// What publishing `states` changes: the diff against the published states, skipping states a
    /// client can extrapolate (`VehicleState.isRepublication(of:)`), which keep their published state.
    public func diff(_ states: [VehicleState]) -> VehicleDiff {
        let published = board.states
        let next = states.map { state in
            published[state.id].flatMap { $0.isRepublication(of: state) ? $0 : nil } ?? state
        }
        return VehicleDiff(previous: published, next: next)
    }

    /// Publishes a diff as the next tick (an engine's own, or one read from the stream): the
    /// board, the resume history and every view's delta, as `publish(_:now:feedTime:)` describes.
    public mutating func publish(_ diff: VehicleDiff, now: Double, feedTime: Double? = nil) -> [Delivery] {
        let sentFeedTime = Self.carriesFeedClock(previous: (self.feedTime, tickTime), next: (feedTime, now)) ? feedTime : nil
        let changes = board.apply(diff)
        seq += 1
        tickTime = now
        self.feedTime = feedTime
        history.record(seq: seq, time: now, changes: changes)
        let timestamp = ClientSession.milliseconds(now)
        var deliveries: [Delivery] = []
        var unchanged: [ClientID] = []
        for (region, clients) in regions {
            let delta = changes.delta(for: region)
            guard !delta.upserts.isEmpty || !delta.removals.isEmpty else {
                unchanged.append(contentsOf: clients)
                continue
            }
            let message = ServerMessage.delta(epoch: configuration.epoch, seq: seq, timestampMilliseconds: timestamp,
                                              feedTime: sentFeedTime, upserts: delta.upserts, removals: delta.removals)
            deliveries.append(Delivery(message: message, recipients: Array(clients)))
        }
        if !unchanged.isEmpty {
            let empty = ServerMessage.delta(epoch: configuration.epoch, seq: seq, timestampMilliseconds: timestamp,
                                            feedTime: sentFeedTime, upserts: [], removals: [])
            deliveries.append(Delivery(message: empty, recipients: unchanged))
        }
        return deliveries
    }

    /// Whether a tick's delta carries `feed_ts`: the first tick with a feeds' clock, and any tick at
    /// which that clock, in whole seconds, is no longer as far from the tick's own as it was at the
    /// previous tick (a replay at another speed, paused or starting over; a live feed's clock runs
    /// with `ts` and is left out). Every client sees every tick and snapshots and resume answers
    /// always carry it, so a client keeps the offset it last read. Decided from the ticks alone:
    /// an edge leaves out what the engine leaves out.
    static func carriesFeedClock(previous: (feed: Double?, tick: Double), next: (feed: Double?, tick: Double)) -> Bool {
        guard let feed = next.feed else { return false }
        guard let previousFeed = previous.feed else { return true }
        return feed.rounded(.down) - next.tick.rounded(.down) != previousFeed.rounded(.down) - previous.tick.rounded(.down)
    }

    /// The published states by id (the diff's previous tick).
    var boardStates: [String: VehicleState] { board.states }

    /// The published vehicles sorted by id: the board a keyframe carries.
    public var publishedStates: [VehicleState] {
        board.states.values.sorted { $0.id < $1.id }
    }

    /// Takes the stream position and board of a keyframe (an edge joining the stream, or one that
    /// lost its place in it): epoch, seq and vehicles as the engine published them at that tick.
    /// The resume history starts empty at `seq` — this process never saw the changes that led
    /// there — so a client resuming from an earlier seq gets a snapshot, never a gap. Connections
    /// are sent nothing now: their next delta's seq jumps, which tells them to resume.
    public mutating func load(epoch: String, seq: UInt64, states: [VehicleState], now: Double, feedTime: Double?) {
        configuration.epoch = epoch
        _ = board.apply(VehicleDiff(previous: board.states, next: states))
        self.seq = seq
        tickTime = now
        self.feedTime = feedTime
        history = DeltaHistory(retention: configuration.historyRetention, latestSeq: seq)
    }

    /// `GET /api/vehicles`: the latest tick's vehicles in a box, with the same outward
    /// rounding to tiles as a subscription, so REST and WebSocket views agree.
    public func vehicleList(_ view: ClientRequest.ViewRequest) throws(PushRequestError) -> [UInt8] {
        ServerMessage.vehicleList(try listing(view))
    }

    /// The latest tick's published vehicles in `view`, refused as a subscription to it would be: what
    /// `GET /api/vehicles` and its GeoJSON export answer with.
    public func listing(_ view: ClientRequest.ViewRequest) throws(PushRequestError) -> VehicleListing {
        let (_, vehicles) = try board.admit(view, within: configuration.limits)
        return VehicleListing(epoch: configuration.epoch, seq: seq, timestampMilliseconds: ClientSession.milliseconds(tickTime),
                              feedTime: feedTime, vehicles: vehicles)
    }

    /// The hook for vehicle cards, called after each `publish`: the itineraries of the watched
    /// vehicles (`VehicleItinerary.writeMembers` fragments, by vehicle id). Each watched
    /// vehicle's watchers get a `vehicle` message with its published state and itinerary when
    /// either changed, and one with `"vehicle":null` when it is no longer published.
    public mutating func updateVehicles(itineraries: [String: [UInt8]]) -> [Delivery] {
        var deliveries: [Delivery] = []
        for (topic, followers) in registry.topics {
            guard case .vehicle(let id) = topic else { continue }
            let published = board.vehicles[id]
            let message = ServerMessage.vehicle(id: id, state: published?.json,
                                                itinerary: published == nil ? nil : itineraries[id] ?? [])
            guard registry.sent(to: topic).vehicle != message else { continue }
            registry.record({ $0.vehicle = message }, for: topic)
            deliveries.append(Delivery(message: message, recipients: Array(followers)))
        }
        return deliveries
    }

    /// `GET /api/vehicles/{id}`: the published state of one vehicle, nil when no such vehicle is published.
    public func vehicle(_ id: String) -> VehicleState? {
        board.vehicles[id]?.state
    }
}
