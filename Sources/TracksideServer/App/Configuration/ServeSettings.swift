import WebSocketServer

/// What `trackside serve` runs with, built from resolved options alone (no files read, nothing
/// started), so every option's effect is testable. The command adds what needs the machine:
/// the default GTFS, public and cache folders, and the logger.
public struct ServeSettings: Sendable {
    public var server = ServerConfiguration()
    public var webSocket = WebSocketConfiguration()
    /// The application; `gtfsPaths` holds only what `--gtfs` gave (empty means the source's default).
    public var application: TracksideConfiguration
    /// CORS for the read-only API and the exports.
    public var crossOrigin: CrossOriginPolicy
    public var publicFolder: String?
    public var dataFolder: String?
    public var cacheFolder: String?
    public var staticGTFSURL: String
    public var enableEcho: Bool
    public var logLevel: LogLevel
    public var logFormat: LogFormat

    public init(_ options: ResolvedOptions) {
        typealias O = ServeOptions
        server.host = options[O.host]
        server.port = options[O.port]
        server.eventLoopCount = options[O.eventLoops]
        server.maxConnections = options[O.maxConnections]
        // A full server is not a dead one: the liveness probe is answered past the limit.
        server.pathsAnsweredAtConnectionLimit = [ServeRoutes.livenessPath]
        server.backlog = Int32(options[O.backlog])
        server.shutdownGracePeriod = Self.duration(options[O.shutdownGrace])
        server.requestTimeout = Self.duration(options[O.requestTimeout])
        server.keepAliveTimeout = Self.duration(options[O.keepAliveTimeout])
        server.writeTimeout = Self.duration(options[O.writeTimeout])
        server.requestLimits.maxHeaderBytes = options[O.maxHeaderSize]
        server.requestLimits.maxBodyBytes = options[O.maxBodySize]
        server.outputQueueLimit = options[O.maxOutputBuffer]

        webSocket.maximumMessageSize = options[O.maxMessageSize]
        webSocket.maximumPendingOutput = options[O.maxOutputBuffer]
        webSocket.outputStallTimeout = Self.duration(options[O.stallTimeout])
        let ping = options[O.pingInterval]
        webSocket.pingInterval = ping > 0 ? Self.duration(ping) : nil
        webSocket.pongTimeout = Self.duration(options[O.pongTimeout])
        let idle = options[O.idleTimeout]
        webSocket.idleTimeout = idle > 0 ? Self.duration(idle) : nil
        webSocket.closeTimeout = Self.duration(options[O.closeTimeout])
        let origins = options[O.allowedOrigins]
        webSocket.allowedOrigins = origins.isEmpty ? nil : Set(origins)
        // The protocol's own name is always agreed to, after the operator's (RFC 6455 §4.2.2: one of the
        // offered names, or none, in which case the handshake still succeeds without the header).
        let accepted = options[O.subprotocols] + [PushProtocolVersion.subprotocol]
        webSocket.selectSubprotocol = { offered in accepted.first { offered.contains($0) } }
        webSocket.compression = options[O.compression] ? PerMessageDeflateConfiguration(
            serverMaxWindowBits: options[O.compressionWindowBits], clientMaxWindowBits: options[O.compressionClientWindowBits],
            memoryLevel: options[O.compressionMemoryLevel], compressionLevel: options[O.compressionLevel],
            minimumCompressedSize: options[O.compressionMinSize]) : nil

        application = TracksideConfiguration(source: options[O.source], gtfsPaths: options[O.gtfs])
        application.stationAccessPath = options[O.stationAccess]
        application.entrancesPath = options[O.entrances]
        application.elevatorEquipmentPath = options[O.elevatorEquipment]
        application.elevatorsLocation = options[O.elevators]
        application.elevatorsInterval = options[O.elevatorsInterval]
        application.profile = options[O.profile]
        application.limits.maximumBytesPerView = options[O.maxViewBytes]
        application.limits.maximumVehiclesPerView = options[O.maxViewVehicles]
        application.limits.maximumWatches = options[O.maxWatches]
        application.limits.subscribeBurst = options[O.subscribeBurst]
        application.limits.subscribesPerSecond = options[O.subscribeRate]
        application.limits.messageBurst = options[O.messageBurst]
        application.limits.messagesPerSecond = options[O.messageRate]
        application.limits.refusalsBeforeClose = options[O.messageRefusals]
        application.inboundBacklog.messages = options[O.maxQueuedMessages]
        application.historyRetention = options[O.historyRetention]
        application.role = options[O.role]
        application.redisURL = options[O.redis]
        application.tickInterval = options[O.tick]
        application.staleAfter = options[O.staleAfter]
        application.simulatorInterval = options[O.simulatorInterval]
        application.simulatorSeed = options[O.simulatorSeed]
        application.simulatorStart = options[O.simulatorStart]
        application.replaySpeed = options[O.replaySpeed]
        application.replayLoops = options[O.replayLoop]
        application.replaySkip = options[O.replaySkip]
        application.showsNoScheduledService = options[O.showNoScheduledService]
        application.mtaFeeds = LiveFeedOptions.feeds(options)
        application.fetchTimeout = options[LiveFeedOptions.fetchTimeout]
        application.feedHeaders = options[O.feedHeaders].compactMap(FeedRequestHeader.init(parsing:))
        application.framing.display = options[O.frameAncestors]
        application.announcedVersion = options[O.announcedVersion]
        application.baseMapStyle = options[O.basemapStyle]

        let corsOrigins = options[O.corsOrigins]
        crossOrigin = CrossOriginPolicy(allowedOrigins: corsOrigins.isEmpty ? nil : Set(corsOrigins))
        publicFolder = options[O.publicFolder]
        dataFolder = options[O.dataFolder]
        cacheFolder = options[O.cacheFolder]
        staticGTFSURL = options[O.staticGTFSURL]
        enableEcho = options[O.enableEcho]
        logLevel = options[LogOptions.level]
        logFormat = options[LogOptions.format]
    }

    private static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int((seconds * 1000).rounded()))
    }
}
