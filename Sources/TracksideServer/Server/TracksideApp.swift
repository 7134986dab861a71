import Foundation
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
    private let engine: PlacementEngine
    let source: any FeedSource
    let ingest: FeedIngest
    /// Stale thresholds of the feeds the source expects; others use `configuration.staleAfter`.
    private let staleThresholds: [String: Double]
    /// What `/metrics` reports about ticks: their duration and the last one's vehicles.
    let tickDurations = DurationHistogram(bounds: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5])
    let lastTickCounts = Mutex(VehicleCounts())
    let startedAt: Double
    /// Arrival boards for REST and `watch`.
    let boards: StationBoards
    /// Service alerts for REST and `watch`.
    let servedAlerts: ServedAlerts
    /// Placement memory, with the replay round it belongs to.
    private let memory = Mutex((round: 0, memory: PlacementMemory()))
    private let ticker: Mutex<TickLoop?> = Mutex(nil)
    private let logger: Logger
    let clock: @Sendable () -> Double
    /// The network's time zone (the first GTFS feed's agency), in which pages show clock times.
    let timeZoneIdentifier: String?

    /// Loads the network and prepares the source; nothing runs until `start()`.
    public init(configuration: TracksideConfiguration, webSocket: WebSocketConfiguration = WebSocketConfiguration(),
                logger: Logger,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) throws {
        self.configuration = configuration
        self.webSocket = webSocket
        self.logger = logger
        self.clock = clock
        startedAt = clock()
        let profile = NYCTProfile()
        var feeds: [GTFSFeed] = []
        for path in configuration.gtfsPaths {
            do {
                feeds.append(try GTFSFeed(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot load GTFS \(path): \(error)")
            }
        }
        if let path = configuration.stationAccessPath {
            let access: MTAStationAccessibility
            do {
                access = try MTAStationAccessibility(csv: try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot load station access \(path): \(error)")
            }
            feeds = feeds.map { $0.fillingWheelchairBoarding(from: access.wheelchairBoarding) }
        }
        var groups: [StationGroups.Group] = []
        if let path = configuration.stationGroupsPath {
            do {
                groups = try StationGroups(json: try Data(contentsOf: URL(fileURLWithPath: path)), file: path).groups
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: "cannot load station groups \(path): \(error)")
            }
        }
        do {
            engine = PlacementEngine(network: try Network(gtfs: feeds, profile: profile, stationGroups: groups))
        } catch {
            throw TracksideConfiguration.ConfigurationError(description: "cannot read the stop_times of \(configuration.gtfsPaths.joined(separator: ", ")): \(error)")
        }
        timeZoneIdentifier = feeds.first?.timeZone?.identifier
        boards = StationBoards(network: engine.network)
        servedAlerts = ServedAlerts(stops: feeds.flatMap { $0.stops },
                                    settings: AlertSettings(showsNoScheduledService: configuration.showsNoScheduledService))
        ingest = FeedIngest(profile: profile, logger: logger)
        switch configuration.source {
        case .demo, .simulation:
            // The first feed is the timetable the simulator runs; later ones only add to the network.
            do {
                let simulator = try ScheduleSimulator(feed: feeds[0], schedule: try feeds[0].loadSchedule(),
                                                      seed: configuration.simulatorSeed)
                source = SimulatorSource(kind: "demo", simulator: simulator, interval: configuration.simulatorInterval,
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
        case .replay(let directory):
            let recording: ReplayRecording
            do {
                recording = try ReplayRecording(directory: directory, contentTimestamp: ingest.contentTimestamp)
            } catch {
                throw TracksideConfiguration.ConfigurationError(description: error.description)
            }
            for skipped in recording.skipped { logger.info("replay: skipped \(skipped)") }
            source = ReplaySource(recording: recording, speed: configuration.replaySpeed,
                                  loops: configuration.replayLoops, start: clock(), skip: configuration.replaySkip)
        }
        staleThresholds = Dictionary(source.expectedFeeds.map { ($0.feedID, $0.staleAfter(minimum: configuration.staleAfter)) },
                                     uniquingKeysWith: max)
        var hub = PushHub.Configuration(epoch: Self.randomEpoch(), source: source.kind)
        hub.limits = configuration.limits
        hub.historyRetention = configuration.historyRetention
        hub.version = configuration.announcedVersion
        let compression = webSocket.compression
        push = PushService(configuration: hub, prepare: { bytes, tickStarted in
            WebSocketPreparedMessage(utf8Text: bytes, compression: compression, latencyOrigin: tickStarted)
        }, send: WebSocketSession.send, clock: clock)
    }

    /// Starts the feed source and the tick.
    public func start() {
        let ticker = TickLoop(cadence: configuration.tickInterval) { [self] in tick() }
        self.ticker.withLock { $0 = ticker }
        source.start { [self] payload in
            let wall = clock()
            if ingest.ingest(payload, feedTime: source.feedTime(atWallTime: wall), wallTime: wall,
                             staleAfter: staleAfter(payload.feedID)) {
                ticker.wake()
            }
        }
        ticker.start()
    }

    /// Stops the source and the tick (connections are closed by the HTTP server).
    public func stop() {
        source.stop()
        ticker.withLock { $0 }?.stop()
    }

    /// One tick: place every vehicle at the feeds' time and publish the result.
    private func tick() {
        let started = ContinuousClock.now
        let feedTime = source.feedTime(atWallTime: clock())
        let round = ingest.round
        let states = memory.withLock { kept in
            // A new replay round moved the feeds' clock back: what placement remembers is void.
            if kept.round != round { kept = (round, PlacementMemory()) }
            let result = engine.place(ingest.snapshot, at: feedTime, memory: kept.memory)
            kept.memory = result.memory
            return result.states
        }
        tickDurations.observe(ContinuousClock.now - started)
        lastTickCounts.withLock { $0 = VehicleCounts(states) }
        push.publish(states, tickStarted: started)
        publishBoards(at: feedTime)
        publishAlerts(at: feedTime)
    }

    /// Installs `/ws`, `/api/vehicles`, `/api/config`, `/api/feeds`, `/readyz`, `/metrics`, `/status`, the stations and bus stops, their boards and search, `/api/alerts` and `/api/routes`.
    public func installRoutes(on router: Router) {
        router.webSocket("/ws", configuration: webSocket, counters: webSocketCounters) { [push] session in
            let client = push.connect(session)
            session.onMessage = { message in
                switch message {
                case .text(let text): push.receive(text, from: client)
                case .binary: push.receiveBinary(from: client)
                }
            }
            session.onClose = { _, _ in push.disconnect(client) }
        }
        router.addDeferred("GET", "/api/vehicles") { [push] request, promise in
            let view: ClientRequest.ViewRequest
            do throws(PushRequestError) {
                view = try ClientRequest.ViewRequest(query: request.query["bbox"], layers: request.query["layers"],
                                                     routes: request.query["routes"])
            } catch {
                promise.succeed(Self.errorResponse(error))
                return
            }
            push.vehicleList(view) { result in
                switch result {
                case .success(let body): promise.succeed(.json(body))
                case .failure(let error): promise.succeed(Self.errorResponse(error))
                }
            }
        }
        let config = configBody
        router.get("/api/config") { _ in .json(config) }
        router.get("/api/feeds") { [self] _ in .json(feedsBody()) }
        installStationRoutes(on: router)
        installStationDirectoryRoutes(on: router)
        installBusStopRoutes(on: router)
        installAlertRoutes(on: router)
        installRouteShapesRoute(on: router)
        // Load balancers and Kubernetes keep an instance out of rotation until every feed has
        // delivered good, fresh data, and take it out again while any feed is stale.
        router.get("/readyz") { [self] _ in
            let readiness = readiness()
            return .json(readiness.json, status: readiness.isReady ? .ok : .serviceUnavailable)
        }
        router.get("/metrics") { [self] _ in
            HTTPResponse(headers: HTTPHeaders([("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]),
                         body: Array(metricsText().utf8))
        }
        router.get("/status") { [self] request in
            var response = HTTPResponse(headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
                                        body: Array(statusPage().html.utf8))
            configuration.framing.apply(to: &response, for: request.path)
            return response
        }
    }

    /// Whether the network has something to place vehicles on and every feed is fresh.
    func readiness() -> Readiness {
        let network = engine.network
        return Readiness(staticLoaded: !network.routes.isEmpty && !network.stops.isEmpty,
                         expected: source.expectedFeeds.map(\.feedID), status: feedStatus(atWallTime: clock()))
    }

    /// Every feed's health at wall time `now` (in the source's feed time), each by its own threshold.
    func feedStatus(atWallTime now: Double) -> [FeedStatus] {
        ingest.status(feedTime: source.feedTime(atWallTime: now), staleAfter: staleAfter)
    }

    /// The vehicle feeds boards are computed from at `feedTime`, with those stale then.
    func boardFeeds(at feedTime: Double) -> BoardFeeds {
        ingest.boardFeeds(feedTime: feedTime, staleAfter: staleAfter)
    }

    /// The age in seconds past which a feed's data is stale.
    func staleAfter(_ feedID: String) -> Double {
        staleThresholds[feedID] ?? configuration.staleAfter
    }

    private var configBody: [UInt8] {
        var json = JSONWriter()
        json.object { o in
            o.key("source"); o.value(source.kind)
            o.key("version"); o.value(configuration.announcedVersion)
            o.key("timezone"); if let timeZoneIdentifier { o.value(timeZoneIdentifier) } else { o.null() }
            o.key("basemap"); o.null()
            o.key("vehicle_max_span_km"); o.value(8)
            o.key("bus_max_span_km"); o.value(3)
        }
        return json.bytes
    }

    private func feedsBody() -> [UInt8] {
        var json = JSONWriter()
        json.object { o in
            o.key("feeds")
            o.array { a in
                for feed in feedStatus(atWallTime: clock()) {
                    a.object { f in
                        f.key("id"); f.value(feed.id)
                        f.key("age"); if let age = feed.age { f.value(age, decimals: 0) } else { f.null() }
                        f.key("stale"); f.value(feed.isStale)
                        f.key("stale_after"); f.value(feed.staleAfter, decimals: 0)
                        f.key("failure"); if let failure = feed.failure { f.value(failure) } else { f.null() }
                        f.key("last_failure")
                        if let reason = feed.lastFailure, let at = feed.lastFailureAt {
                            f.object { l in
                                l.key("reason"); l.value(reason)
                                l.key("at"); l.value(at, decimals: 3)
                            }
                        } else {
                            f.null()
                        }
                        f.key("accepted"); f.value(feed.accepted)
                        f.key("duplicates"); f.value(feed.duplicates)
                        f.key("failures"); f.value(feed.failures)
                    }
                }
            }
        }
        return json.bytes
    }

    static func errorResponse(_ error: PushRequestError) -> HTTPResponse {
        .error(.badRequest, code: error.code.rawValue, message: error.message, json: true)
    }

    /// `respond(id)` for the request's `{id}` when it is a well-formed station or stop id (the
    /// station, board and bus-stop routes all take one), else the `400 bad_request` saying why.
    static func withPlaceID(of request: RoutedRequest, respond: (String) -> HTTPResponse) -> HTTPResponse {
        do throws(PushRequestError) {
            return respond(try ClientRequest.stationID(request.parameters["id"] ?? ""))
        } catch {
            return errorResponse(error)
        }
    }

    /// 64 random bits in hex: unique per server start, so old seqs are never mistaken.
    static func randomEpoch() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
