import Foundation
import Metrics
import Redis
import Synchronization
import TransitData
import TransitEngine
import WebSocketServer

/// The server assembly: static network, feed source, feed store, tick loop and push
/// service, and the routes that expose them. `trackside serve` builds one from a
/// `TracksideConfiguration`, installs its routes on the HTTP router and starts it.
///
/// Threads: the source delivers on its thread, the tick places vehicles on its own, the
/// push queue serialises everything clients see, and the event loops only move bytes.
public final class TracksideApp: Sendable {
    public let configuration: TracksideConfiguration
    public let push: PushService<WebSocketSession, WebSocketPreparedMessage>
    /// The `/ws` settings; broadcast frames are compressed once with its compression.
    public let webSocket: WebSocketConfiguration
    /// What `/ws` connections sent, how they closed and how long tick frames took to reach them.
    let webSocketCounters = WebSocketCounters()
    /// The tick as a pure step, and the latest result (REST answers from it; nil before the first tick).
    let step: Tick
    let latest = Mutex<TickResult?>(nil)
    let source: any FeedSource
    let ingest: FeedIngest
    /// Stale thresholds of the feeds the source expects; others use `configuration.staleAfter`.
    let staleThresholds: [String: Double]
    /// What `/metrics` reports about ticks: their duration and the last one's vehicles.
    /// Where each tick's time goes, placement included (`trackside_tick_stage_seconds`).
    let tickStages = TickStages()
    let lastTickCounts = Mutex(VehicleCounts())
    /// Whether ticks keep their cadence (`/metrics`, `/readyz`, a log line per late tick).
    let tickHealth: Mutex<TickHealth>
    /// The latest tick's vehicles as GTFS-realtime (`/gtfs-rt/vehicle-positions.pb`), encoded once per tick off the request path.
    let vehiclePositions = VehiclePositionsFeed()
    let startedAt: Double
    /// Stations' entrances and equipment, and the outage feed with its poller; nil when not configured.
    let access: StationAccessDirectory?
    /// Whether entrances are loaded: `--entrances`, else the GTFS's own (`/api/entrances`, `/api/config`).
    let servesEntrances: Bool
    /// Whether elevators and escalators are listed: `--elevator-equipment`, else the GTFS's pathways
    /// (`/api/stations/{id}`, `/api/config`).
    let servesElevators: Bool
    let elevatorFeed: ElevatorFeed?
    private let elevatorPoller: ElevatorPoller?
    /// Arrival boards for REST and `watch`.
    var boards: StationBoards { step.boards }
    /// Placement memory for the next tick, with the replay round it belongs to.
    let memory = Mutex(Tick.Memory())
    private let ticker: Mutex<TickLoop?> = Mutex(nil)
    /// The Redis stream, for `--role engine` and `edge` (nil for `all`).
    let stream: TickStream?
    /// A leading engine's entries (nil while standing by or for other roles).
    let publisher = Mutex<StreamPublisher?>(nil)
    /// The feed payloads relayed on the stream: an engine's ingested since its last tick, an edge's thresholds.
    let relay = Mutex(FeedRelay())
    let logger: Logger
    let clock: @Sendable () -> Double
    /// The network's time zone (the first GTFS feed's agency), in which pages show clock times.
    let timeZoneIdentifier: String?
    /// The network's agency (`agency_name` of the first GTFS feed's first agency), which the page is titled after.
    let agencyName: String?

    /// Loads the network and prepares the source; nothing runs until `start()`.
    public init(configuration: TracksideConfiguration, webSocket: WebSocketConfiguration = WebSocketConfiguration(),
                logger: Logger,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) throws {
        self.configuration = configuration
        var webSocket = webSocket
        // Client messages wait for the push queue; past this backlog the connection stops being read.
        webSocket.inboundBacklog = configuration.inboundBacklog
        self.webSocket = webSocket
        self.logger = logger
        self.clock = clock
        startedAt = clock()
        tickHealth = Mutex(TickHealth(cadence: configuration.tickInterval))
        // The operator's access files are read first: a bad one stops the start before the network is built.
        let accessFiles = try Self.readAccessFiles(configuration)
        if configuration.elevatorsLocation != nil, configuration.elevatorEquipmentPath == nil {
            throw TracksideConfiguration.ConfigurationError(description: "--elevators needs --elevator-equipment: the outage feed names equipment, the list places it at stations")
        }
        if !configuration.feedHeaders.isEmpty, !configuration.source.pollsAgencyFeeds {
            throw TracksideConfiguration.ConfigurationError(description: "--feed-header is sent only with --source gtfs-rt: feeds; --source \(configuration.source) would not send it")
        }
        var feeds: [GTFSFeed] = []
        for path in configuration.gtfsPaths {
            do {
                feeds.append(try GTFSFeed(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot load GTFS \(path): \(error)")
            }
        }
        var directionLabels: [String: [String: String]] = [:]
        if let path = configuration.stationAccessPath {
            let access: MTAStationAccessibility
            do {
                access = try MTAStationAccessibility(csv: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot load station access \(path): \(error)")
            }
            feeds = feeds.map { $0.fillingWheelchairBoarding(from: access.wheelchairBoarding) }
            directionLabels = access.directionLabels
        }
        var groups: [StationGroups.Group] = []
        if let path = configuration.stationGroupsPath {
            do {
                groups = try StationGroups(contentsOf: path).groups
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot load station groups \(path): \(error)")
            }
        }
        // Each timetable read once: the network's (where its profile reads trip updates against it), the boards'
        // next service after the last train, and the simulator's trips.
        let schedules: [GTFSSchedule]
        do {
            schedules = try feeds.map { try $0.loadSchedule() }
        } catch {
            throw TracksideConfiguration.ConfigurationError(description: "cannot read the stop_times of \(configuration.gtfsPaths.joined(separator: ", ")): \(error)")
        }
        let engine: PlacementEngine
        do {
            engine = PlacementEngine(network: try Network(gtfs: feeds, schedules: schedules,
                                                          profile: configuration.profile.profile(for: feeds),
                                                          stationGroups: groups, directionLabels: directionLabels))
        } catch {
            throw TracksideConfiguration.ConfigurationError(description: "cannot read the stop_times of \(configuration.gtfsPaths.joined(separator: ", ")): \(error)")
        }
        timeZoneIdentifier = feeds.first?.timeZone?.identifier
        agencyName = feeds.first?.agencies.first?.name
        // Alerts' `when` (today, tomorrow) counts the agency's days.
        var alertSettings = AlertSettings(showsNoScheduledService: configuration.showsNoScheduledService)
        if let zone = feeds.first?.timeZone { alertSettings.timeZone = zone }
        // Without --entrances, the GTFS's own entrances (stops.txt location_type 2, step-free by wheelchair_boarding or
        // pathways.txt), where it has some; without --elevator-equipment, the elevators and escalators of its pathways.
        let gtfsEntrances = configuration.entrancesPath == nil ? feeds.flatMap(\.entrances) : []
        let gtfsEquipment = configuration.elevatorEquipmentPath == nil ? feeds.flatMap(\.pathwayEquipment) : []
        servesEntrances = configuration.entrancesPath != nil || !gtfsEntrances.isEmpty
        servesElevators = configuration.elevatorEquipmentPath != nil || !gtfsEquipment.isEmpty
        let files = accessFiles.map { (entrances: $0.entrances + gtfsEntrances, equipment: $0.equipment + gtfsEquipment) }
            ?? (gtfsEntrances.isEmpty && gtfsEquipment.isEmpty ? nil : (entrances: gtfsEntrances, equipment: gtfsEquipment))
        access = files.map { files in Self.joinAccess(files, network: engine.network, logger: logger) }
        if let location = configuration.elevatorsLocation {
            let feed = ElevatorFeed(timeZone: feeds.first?.timeZone ?? TimeZone(identifier: "America/New_York") ?? .current,
                                    staleAfter: max(configuration.staleAfter, 3 * configuration.elevatorsInterval))
            elevatorFeed = feed
            elevatorPoller = ElevatorPoller(location: location, feed: feed, interval: configuration.elevatorsInterval,
                                            timeout: configuration.fetchTimeout, logger: logger)
        } else {
            elevatorFeed = nil
            elevatorPoller = nil
        }
        let simulated = configuration.source == .demo || configuration.source == .simulation
        var scheduledService: [ScheduledService] = []
        for (feed, schedule) in zip(feeds, schedules) {
            // The simulator runs the same weekday of the feed's weeks outside its calendar: so does its night.
            let days = ServiceDays(feed: feed)
            let servicesOn: @Sendable (GTFSDate) -> Set<String>
            if simulated {
                servicesOn = { date in days.serviceIDs(on: date) }
            } else {
                servicesOn = { date in feed.activeServiceIDs(on: date) }
            }
            let zone = feed.timeZone ?? TimeZone(identifier: "UTC")!
            scheduledService.append(ScheduledService(schedule: schedule, trips: feed.trips.rows, frequencies: feed.frequencies,
                                                     network: engine.network, timeZone: zone, servicesOn: servicesOn))
        }
        step = Tick(engine: engine, boards: StationBoards(network: engine.network, schedules: scheduledService),
                    alerts: ServedAlerts(stops: feeds.flatMap { $0.stops }, network: engine.network, settings: alertSettings),
                    access: access)
        ingest = FeedIngest(network: engine.network, timetables: scheduledService, logger: logger)
        switch configuration.source {
        case .demo, .simulation:
            // The first feed is the timetable the simulator runs; later ones only add to the network.
            do {
                let simulator = try ScheduleSimulator(feed: feeds[0], schedule: schedules[0],
                                                      seed: configuration.simulatorSeed)
                source = SimulatorSource(kind: configuration.source == .simulation ? "sim" : "demo", simulator: simulator, interval: configuration.simulatorInterval,
                                         start: configuration.simulatorStart,
                                         clock: clock)
            } catch let error as TracksideConfiguration.ConfigurationError {
                throw error
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot read stop_times of \(configuration.gtfsPaths[0]): \(error)")
            }
        case .mta:
            do {
                source = PollingSource(endpoints: try configuration.mtaFeeds.endpoints(), timeout: configuration.fetchTimeout,
                                       logger: logger)
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: error.description)
            }
            if configuration.mtaFeeds.busTimeKey == nil { logger.warning("MTA_BUS_TIME_KEY is not set: buses are skipped") }
        case .gtfsRealtime(let feeds):
            source = PollingSource(kind: "gtfs-rt",
                                   endpoints: feeds.endpoints(interval: configuration.mtaFeeds.subwayInterval,
                                                              alertsInterval: configuration.mtaFeeds.alertsInterval,
                                                              headers: configuration.feedHeaders),
                                   timeout: configuration.fetchTimeout, logger: logger)
        case .replay(let directory):
            let recording: ReplayRecording
            do {
                recording = try ReplayRecording(directory: directory, timeZone: feeds.first?.timeZone ?? ReplayRecording.newYork,
                                                contentTimestamp: ingest.contentTimestamp)
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: error.description)
            }
            for skipped in recording.skipped { logger.info("replay: skipped \(skipped)") }
            for future in recording.futureStamped { logger.warning("replay: \(future)") }
            source = ReplaySource(recording: recording, speed: configuration.replaySpeed,
                                  loops: configuration.replayLoops, start: clock(), skip: configuration.replaySkip)
        }
        staleThresholds = Dictionary(source.expectedFeeds.map { ($0.feedID, $0.staleAfter(minimum: configuration.staleAfter)) },
                                     uniquingKeysWith: max)
        var hub = PushHub.Configuration(epoch: Self.randomEpoch(), source: source.kind)
        hub.limits = configuration.limits
        hub.historyRetention = configuration.historyRetention
        hub.version = configuration.announcedVersion
        let network = engine.network
        hub.directory = WatchDirectory(places: Set(network.stations.flatMap { [$0.id] + $0.memberStations + $0.platforms }
                                                     + network.busStops.map(\.id)),
                                       routes: Set(network.routes.keys))
        let preparer = WebSocketMessagePreparer(compression: webSocket.compression)
        push = PushService(configuration: hub, prepare: { bytes, tickStarted in
            preparer.prepare(utf8Text: bytes, latencyOrigin: tickStarted)
        }, send: WebSocketSession.send, signal: { session, signal in
            switch signal {
            case .handled(let messages, let bytes): session.handled(messages: messages, bytes: bytes)
            case .close(let reason): session.close(code: .policyViolation, reason: reason, awaitingReply: false)
            }
        }, clock: clock, stages: tickStages)
        if configuration.role == .all {
            stream = nil
        } else {
            guard let text = configuration.redisURL else {
                throw TracksideConfiguration.ConfigurationError(description: "--role \(configuration.role.rawValue) needs --redis redis://HOST:PORT")
            }
            let url: RedisURL
            do {
                url = try RedisURL(text)
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "--redis: \(error)")
            }
            stream = TickStream(url: url, push: push, historyRetention: configuration.historyRetention,
                                tickInterval: configuration.tickInterval, logger: logger, clock: clock)
        }
    }

    /// Starts the feed source and the tick (an edge: only the stream reader, computing its boards,
    /// cards and alerts from each entry it followed, and its own poller of the outage feed, which
    /// is not relayed: it is judged on the wall clock, whoever fetches it).
    public func start() {
        guard configuration.role != .edge else {
            elevatorPoller?.start(clock: clock) {}
            stream?.start(lead: false) { [self] entry, taken in followed(entry, step: taken) }
            return
        }
        stream?.start(lead: true)
        let ticker = TickLoop(cadence: configuration.tickInterval) { [self] in tick() }
        self.ticker.withLock { $0 = ticker }
        elevatorPoller?.start(clock: clock) { ticker.wake() }
        source.start { [self] payload in
            if ingest(payload, at: clock()) { ticker.wake() }
        }
        ticker.start()
    }

    /// Drops every client message still waiting and ignores new ones (the first step of a
    /// shutdown, so no backlog holds the process past its grace period).
    public func stopReceiving() {
        push.stopReceiving()
    }

    /// Stops the source and the tick (connections are closed by the HTTP server).
    public func stop() {
        push.stopReceiving()
        source.stop()
        elevatorPoller?.stop()
        ticker.withLock { $0 }?.stop()
        stream?.stop()
    }

    /// 64 random bits in hex: unique per server start, so old seqs are never mistaken.
    static func randomEpoch() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
