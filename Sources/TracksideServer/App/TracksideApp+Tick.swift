import Foundation
import Synchronization

/// The tick as the app runs it: one snapshot of the feeds through `Tick.run`, the result kept for
/// REST and published to the clients (or, for an engine, to the stream).
extension TracksideApp {
    /// One tick: its result computed and kept (`runTick`), then published in one step.
    func tick() {
        let started = ContinuousClock.now
        let result = runTick(watched: push.watched)
        tickStages.observe(.place, since: started)
        lastTickCounts.withLock { $0 = VehicleCounts(result.states) }
        vehiclePositions.update(result.states, feedTime: result.feedTime)
        if let stream {
            publishToStream(result, tickStarted: started, stream: stream)
        } else {
            push.publish(result, tickStarted: started)
        }
        if let gap = tickHealth.withLock({ $0.finished(at: clock()) }) {
            logger.warning("tick late: \(String(format: "%.1f", gap)) s since the previous one (due every \(configuration.tickInterval) s)")
        }
    }

    /// An engine's tick: published to its clients and appended to the stream while it leads; a
    /// standby only keeps its placement memory warm, its hub following the stream. A new leader
    /// starts its term once its hub holds the stream's last entry, with a keyframe.
    func publishToStream(_ result: TickResult, tickStarted: ContinuousClock.Instant, stream: TickStream) {
        guard let term = stream.leadingTerm else {
            publisher.withLock { $0 = nil }
            return
        }
        var current = publisher.withLock { $0 }
        if current?.term != term {
            guard stream.holdsLatestEntry() else { return }
            current = StreamPublisher(term: term)
        }
        let entry = push.publish(result, tickStarted: tickStarted, stream: &current)
        publisher.withLock { $0 = current }
        if let entry { stream.append(entry) }
    }

    /// One snapshot of every feed through `Tick.run`, with the memory the previous tick left; the
    /// result becomes the one REST answers from.
    func runTick(watched: (stations: Set<String>, vehicles: Set<String>)) -> TickResult {
        let result = memory.withLock { memory in
            let kept = memory
            let read = { self.tickInput(watchedStations: watched.stations, watchedVehicles: watched.vehicles, memory: kept) }
            // An engine's tick takes the payloads relayed with the feeds it reads, in one step with them.
            let (input, relayed) = stream == nil ? (read(), FeedRelay.Batch()) : relay.withLock { (read(), $0.drain()) }
            var result = step.run(input)
            result.relayed = relayed
            memory = result.memory
            return result
        }
        latest.withLock { $0 = result }
        return result
    }

    /// The feeds as they are now, in one snapshot, at the source's feed time.
    func tickInput(watchedStations: Set<String> = [], watchedVehicles: Set<String> = [],
                           memory: Tick.Memory = Tick.Memory()) -> Tick.Input {
        let wallTime = clock()
        let feedTime = source.feedTime(atWallTime: wallTime)
        return Tick.Input(feeds: ingest.tickFeeds(feedTime: feedTime, staleAfter: staleAfter), feedTime: feedTime,
                          watchedStations: watchedStations, watchedVehicles: watchedVehicles,
                          elevators: elevatorFeed?.snapshot(at: wallTime) ?? ElevatorSnapshot(), wallTime: wallTime,
                          memory: memory)
    }

    /// The latest tick's result, which REST answers from; before the first tick, what one would
    /// compute now (nothing is published or remembered from it).
    var latestTick: TickResult {
        latest.withLock { $0 } ?? step.run(tickInput())
    }
}

/// The feeds as an engine or `all` ingests them, and as an edge follows the engine's.
extension TracksideApp {
    /// Ingests one delivered payload at wall time `wall`; true when it replaced its feed. An engine
    /// records it for the stream in one step with the ingestion, so a tick reads either both or neither.
    func ingest(_ payload: FeedPayload, at wall: Double) -> Bool {
        let feedTime = source.feedTime(atWallTime: wall)
        let threshold = staleAfter(payload.feedID)
        guard stream != nil else {
            return ingest.ingest(payload, feedTime: feedTime, wallTime: wall, staleAfter: threshold)
        }
        return relay.withLock { relay in
            let accepted = ingest.ingest(payload, feedTime: feedTime, wallTime: wall, staleAfter: threshold)
            relay.received(RelayedPayload(payload, feedTime: feedTime, wallTime: wall, staleAfter: threshold),
                           accepted: accepted)
            return accepted
        }
    }

    /// An edge followed `entry` (`.apply` or `.load`): ingests the payloads it relayed, computes from
    /// them and the vehicles as published what the engine's tick computed — the watched boards and
    /// cards, the alerts, the boards REST answers — keeps it as the latest tick and pushes the watched.
    func followed(_ entry: PublishedTick, step taken: StreamStep) {
        let relayed = relay.withLock { $0.toIngest(entry, step: taken) }
        for payload in relayed {
            ingest.ingest(payload.payload, feedTime: payload.feedTime, wallTime: payload.wallTime,
                          staleAfter: payload.staleAfter)
        }
        let thresholds = relay.withLock { $0 }
        let feedTime = entry.feedTime ?? entry.tickTime
        let states = push.publishedStates
        let watched = push.watched
        let input = Tick.Input(feeds: ingest.tickFeeds(feedTime: feedTime) { thresholds.staleAfter($0) ?? staleAfter($0) },
                               feedTime: feedTime, watchedStations: watched.stations, watchedVehicles: watched.vehicles,
                               elevators: elevatorFeed?.snapshot(at: entry.tickTime) ?? ElevatorSnapshot(),
                               wallTime: entry.tickTime)
        let result = step.result(of: states, input)
        latest.withLock { $0 = result }
        lastTickCounts.withLock { $0 = VehicleCounts(states) }
        vehiclePositions.update(states, feedTime: feedTime)
        push.publishWatched(result)
    }
}
