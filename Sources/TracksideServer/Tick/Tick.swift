import TransitData
import TransitEngine

/// One tick as a pure step: one snapshot of every feed, what clients watch, the placement
/// memory and the feeds' time in; vehicle states, the watched boards and vehicle cards, the
/// alerts and the next memory out (`TickResult`). Push publishes the result and REST answers
/// from the latest one, so both always describe the same tick.
struct Tick: Sendable {
    let engine: PlacementEngine
    let boards: StationBoards
    let alerts: ServedAlerts
    /// Stations' entrances and equipment (`--entrances`, `--elevator-equipment`); nil when neither is loaded.
    var access: StationAccessDirectory? = nil

    /// What placement remembers between ticks, with the replay round it belongs to.
    struct Memory: Sendable {
        var round = 0
        var placement = PlacementMemory()
    }

    /// Everything one tick depends on.
    struct Input: Sendable {
        var feeds: TickFeeds
        /// The feeds' clock (a replay's is the recording's).
        var feedTime: Double
        /// Stations and bus stops someone watches: their boards are computed.
        var watchedStations: Set<String> = []
        /// Vehicles someone watches: their cards' itineraries are computed.
        var watchedVehicles: Set<String> = []
        /// The outage feed as it stands, and the wall time its outages are judged at.
        var elevators = ElevatorSnapshot()
        var wallTime: Double = 0
        var memory = Memory()
    }

    func run(_ input: Input) -> TickResult {
        // A new replay round moved the feeds' clock back: what placement remembers is void.
        let kept = input.memory.round == input.feeds.round ? input.memory.placement : PlacementMemory()
        let placed = engine.place(input.feeds.vehicles, at: input.feedTime, memory: kept)
        var result = result(of: placed.states, input)
        result.memory = Memory(round: input.feeds.round, placement: placed.memory)
        return result
    }

    /// Everything a tick computes but placement, for `states` placed from `input`'s feeds: what an
    /// edge computes from the engine's vehicles and the feeds it relayed (the result keeps `input`'s memory).
    func result(of states: [VehicleState], _ input: Input) -> TickResult {
        let boardFeeds = BoardFeeds(snapshot: input.feeds.vehicles, at: input.feedTime)
        var itineraries: [String: [UInt8]] = [:]
        if !input.watchedVehicles.isEmpty {
            for state in states where input.watchedVehicles.contains(state.id) {
                var members = JSONWriter(reservingCapacity: 1024)
                VehicleItinerary(vehicle: state, snapshot: input.feeds.vehicles, network: engine.network, now: input.feedTime)
                    .writeMembers(to: &members)
                itineraries[state.id] = members.bytes
            }
        }
        let served = alerts.alerts(input.feeds.alerts, now: input.feedTime)
        let alertOutages = ElevatorStatus.alertOutages(served)
        let elevators = input.watchedStations.sorted().compactMap { station in
            StationElevators.of(station, access: access, network: engine.network, snapshot: input.elevators,
                                alertOutages: alertOutages, at: input.wallTime)
        }
        return TickResult(feedTime: input.feedTime, states: states, boardFeeds: boardFeeds,
                          boards: boards.boards(watched: input.watchedStations, feeds: boardFeeds, now: input.feedTime),
                          itineraries: itineraries,
                          alerts: served, alertFeeds: input.feeds.alerts,
                          feedStatus: (input.feeds.status + [input.elevators.status].compactMap { $0 }).sorted { $0.id < $1.id },
                          elevatorFeed: input.elevators, alertOutages: alertOutages, elevators: elevators,
                          wallTime: input.wallTime,
                          memory: input.memory)
    }
}
