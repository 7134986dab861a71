/// Turns the latest feeds into what every vehicle looks like at one instant.
///
/// The functional core of Trackside: `place` depends only on its arguments (the network,
/// the feeds, the instant and the previous tick's memory) and returns the states plus the
/// memory for the next tick. The tick loop calls it every second; nothing here does I/O.
public struct PlacementEngine: Sendable {
    public let network: Network
    public var settings: PlacementSettings

    public init(network: Network, settings: PlacementSettings = PlacementSettings()) {
        self.network = network
        self.settings = settings
    }

    /// Places every train and bus in `snapshot` at `now` (seconds since the Unix epoch).
    /// A vehicle present in several feeds is taken from the newest. States come feed by feed,
    /// newest feed first, in each feed's order (sorting thousands of states every tick would
    /// cost more than placing the buses).
    public func place(_ snapshot: FeedSnapshot, at now: Double, memory: PlacementMemory = PlacementMemory()) -> PlacementResult {
        var states: [VehicleState] = []
        var nextMemory = PlacementMemory()
        nextMemory.trains.reserveCapacity(memory.trains.count)
        nextMemory.buses.reserveCapacity(memory.buses.count)
        var coverage = ShapeCoverage()
        // Only a vehicle in more than one feed needs checking for a duplicate.
        let feeds = snapshot.feeds.sorted { $0.timestamp > $1.timestamp }
        let checkTrips = feeds.filter { !$0.trains.isEmpty }.count > 1
        let checkBuses = feeds.filter { !$0.buses.isEmpty }.count > 1
        var placedTrips = Set<String>()
        var placedBuses = Set<String>()
        states.reserveCapacity(feeds.reduce(0) { $0 + $1.trains.count + $1.buses.count })
        for feed in feeds {
            for report in feed.trains where !checkTrips || placedTrips.insert(report.vehicleID).inserted {
                let placed = placeTrain(report, feed: feed, at: now, memory: memory.trains[report.vehicleID])
                if !report.stopTimes.isEmpty || report.vehicleStopID != nil {
                    coverage.record(route: report.routeID, placed.match?.quality)
                }
                if let state = placed.state { states.append(state) }
                if let remembered = placed.memory { nextMemory.trains[report.vehicleID] = remembered }
            }
            for report in feed.buses where !checkBuses || placedBuses.insert(report.vehicleID).inserted {
                let placed = placeBus(report, feed: feed, at: now, memory: memory.buses[report.vehicleID])
                states.append(placed.state)
                if let remembered = placed.memory { nextMemory.buses[report.vehicleID] = remembered }
            }
        }
        return PlacementResult(states: states, memory: nextMemory, coverage: coverage)
    }

    /// Flags every state shares: `stale` by the feed's `FeedFreshness`.
    func freshnessFlags(feed: FeedReport, at now: Double) -> VehicleState.Flags {
        feed.isStale(at: now) ? [.stale] : []
    }

    /// The shape-following path from `from` to `to` metres along, simplified within the
    /// motion tolerance; nil when shorter than a metre.
    func motionPath(on polyline: Polyline, from: Double, to: Double) -> [Coordinate]? {
        guard abs(to - from) >= 1 else { return nil }
        return DouglasPeucker.simplify(polyline.slice(from: from, to: to), tolerance: settings.motionPathTolerance)
    }
}
