import Foundation
import TransitEngine
import WebSocketServer

/// Every option of `trackside serve`, each declared once; defaults are read from the
/// configuration types they set, so help, docs and behaviour cannot disagree.
public enum ServeOptions {
    private static let server = ServerConfiguration()
    private static let webSocket = WebSocketConfiguration()
    private static let deflate = PerMessageDeflateConfiguration()
    private static let application = TracksideConfiguration(source: .demo, gtfsPaths: [])

    // MARK: Listening and HTTP

    public static let host = Option<String>.text("host", "HOST", default: server.host,
                                                 help: "address to listen on (numeric or a host name; 0.0.0.0 for every interface)")
    public static let port = Option<Int>.integer("port", "PORT", in: 0...65535, default: server.port,
                                                 help: "TCP port; 0 picks a free one")
    public static let eventLoops = Option<Int>.integer("event-loops", in: 1...256, default: server.eventLoopCount,
                                                       shown: "one per core", help: "event loop threads")
    public static let maxConnections = Option<Int>.integer("max-connections", in: 1...1_000_000, default: server.maxConnections,
                                                           help: "open connections at most; past it a few more answer /healthz (others a fast 503), the rest are closed as soon as accepted")
    public static let backlog = Option<Int>.integer("backlog", in: 1...65535, default: Int(server.backlog),
                                                    help: "connections the kernel queues before they are accepted (capped by net.core.somaxconn)")
    public static let shutdownGrace = Option<Double>.number("shutdown-grace", in: 0...60, default: seconds(server.shutdownGracePeriod),
                                                            help: "seconds SIGTERM leaves connections to finish (WebSockets are sent 1001) before the rest are aborted")
    public static let requestTimeout = Option<Double>.number("request-timeout", in: 0.01...3600, default: seconds(server.requestTimeout),
                                                             help: "seconds a request may take to arrive once started, and a new connection to start one (slow senders get 408)")
    public static let keepAliveTimeout = Option<Double>.number("keep-alive-timeout", in: 0.01...3600, default: seconds(server.keepAliveTimeout),
                                                               help: "seconds an idle keep-alive connection is kept between requests")
    public static let writeTimeout = Option<Double>.number("write-timeout", in: 0.1...3600, default: seconds(server.writeTimeout),
                                                           help: "seconds an HTTP response may wait with not one byte taken by the client before the connection is aborted (a slow reader keeps it)")
    public static let maxHeaderSize = Option<Int>.integer("max-header-size", "BYTES", in: 1024...(1 << 20), default: server.requestLimits.maxHeaderBytes,
                                                          help: "bytes of request header lines at most (431 beyond)")
    public static let maxBodySize = Option<Int>.integer("max-body-size", "BYTES", in: 0...(1 << 30), default: server.requestLimits.maxBodyBytes,
                                                        help: "largest request body accepted (413 beyond)")
    public static let corsOrigins = Option<[String]>.list(
        "cors-origin", "ORIGIN", shown: "* (any site)", expected: "an origin such as https://map.example.org",
        help: "an origin whose pages may read GET /api/* and /gtfs-rt/* across sites (CORS; repeatable; exact, case-insensitive); "
            + "answers then carry Vary: Origin and other sites' preflights get 403. The WebSocket has --allowed-origin",
        item: isOrigin)
    public static let publicFolder = Option<String?>.text("public", "DIR", shown: "Public/ in the working directory, else in the checkout holding the executable",
                                                          help: "static files to serve")

    // MARK: Pages

    public static let frameAncestors = Option<FrameAncestors>(
        "frame-ancestors", "SOURCES", default: application.framing.display, shown: application.framing.display.sources.joined(separator: " ") + " (any site)",
        expected: "a CSP source list such as \"'self' https://lobby.example\"",
        help: "the sites that may show the station display (/display/) in a frame, as a CSP frame-ancestors source list, e.g. \"'self' https://lobby.example\"; every other page may be framed by its own origin only") { text throws(OptionError) in
        do throws(TracksideConfiguration.ConfigurationError) {
            return try FrameAncestors(parsing: text)
        } catch {
            throw OptionError(error.description)
        }
    }
    public static let announcedVersion = Option<String>(
        "announce-version", "V", default: application.announcedVersion, shown: "this build's version",
        expected: "a version without spaces, e.g. 9.9.9",
        help: "for testing: the version hello, /api/config and /status announce instead of this build's (pages reload when it changes)") { text in
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F } ? text : nil
    }

    public static let basemapStyle = Option<String?>(
        "basemap-style", "URL", default: nil, shown: "the bundled offline base map",
        expected: "an http:// or https:// URL",
        help: "a MapLibre style JSON the map page draws under the transit layers instead of the bundled base map (a deployment's own tiles)") { text -> String?? in
        isWebURL(text) ? .some(text) : .none
    }

    // MARK: WebSocket

    public static let maxMessageSize = Option<Int>.integer("max-message-size", "BYTES", in: 125...(1 << 30), default: webSocket.maximumMessageSize,
                                                           help: "largest WebSocket message accepted, after decompression; larger ones close with 1009 (Autobahn 9.* needs 16777216)")
    public static let maxOutputBuffer = Option<Int>.integer("max-output-buffer", "BYTES", in: 4096...(1 << 30), default: webSocket.maximumPendingOutput,
                                                            help: "bytes queued for one connection before backpressure: HTTP stops reading, a WebSocket client's stall timer starts")
    public static let stallTimeout = Option<Double>.number("stall-timeout", in: 0.1...3600, default: seconds(webSocket.outputStallTimeout),
                                                           help: "seconds a WebSocket client may leave its output over --max-output-buffer without taking a byte before it is closed with 1008 (a slow reader only loses broadcast frames)")
    public static let pingInterval = Option<Double>.number("ping-interval", in: 0...3600, default: webSocket.pingInterval.map(seconds) ?? 0,
                                                           help: "seconds of silence before the server pings a WebSocket client; 0 never pings")
    public static let pongTimeout = Option<Double>.number("pong-timeout", in: 0.1...3600, default: seconds(webSocket.pongTimeout),
                                                          help: "seconds a pinged WebSocket client may stay silent before it is dropped (longer while it is still reading a backlog)")
    public static let idleTimeout = Option<Double>.number("idle-timeout", in: 0...86_400, default: webSocket.idleTimeout.map(seconds) ?? 0,
                                                          help: "seconds without a data message from a WebSocket client before it is closed with 1001; 0 lets listen-only clients stay")
    public static let closeTimeout = Option<Double>.number("close-timeout", in: 0.1...3600, default: seconds(webSocket.closeTimeout),
                                                           help: "seconds the server waits for a client's close frame after sending its own")
    public static let allowedOrigins = Option<[String]>.list(
        "allowed-origin", "ORIGIN", shown: "any origin", expected: "an origin such as https://map.example.org",
        help: "an Origin accepted in the WebSocket handshake (repeatable; exact, case-insensitive); others get 403. Browsers always send one, so list the page's origin",
        item: isOrigin)
    public static let subprotocols = Option<[String]>.list(
        "subprotocol", "NAME", shown: "trackside.v1 only", expected: "a token (letters, digits and !#$%&'*+-.^_`|~)",
        help: "another Sec-WebSocket-Protocol value /ws agrees to when a client offers it (repeatable, in preference order, before trackside.v1, which is always agreed to); clients offering none, or only unknown ones, still connect, without the header",
        item: isToken)
    public static let enableEcho = Option<Bool>.flag("enable-echo", help: "mount a WebSocket echo endpoint at /echo (conformance runs, smoke tests)")

    // MARK: Compression

    public static let compression = Option<Bool>.flag("compression", default: webSocket.compression != nil,
                                                      help: "offer permessage-deflate (RFC 7692) to WebSocket clients")
    public static let compressionLevel = Option<Int>.integer("compression-level", in: 1...9, default: deflate.compressionLevel,
                                                             help: "zlib compression level")
    public static let compressionWindowBits = Option<Int>.integer("compression-window-bits", "BITS", in: 9...15, default: deflate.serverMaxWindowBits,
                                                                  help: "largest LZ77 window the server compresses with")
    public static let compressionClientWindowBits = Option<Int>.integer("compression-client-window-bits", "BITS", in: 9...15, default: deflate.clientMaxWindowBits,
                                                                        help: "window asked of clients that offer client_max_window_bits (bounds the inflater's memory)")
    public static let compressionMemoryLevel = Option<Int>.integer("compression-memory-level", in: 1...9, default: deflate.memoryLevel,
                                                                   help: "zlib memLevel of the server's compressors")
    public static let compressionMinSize = Option<Int>.integer("compression-min-size", "BYTES", in: 0...(1 << 20), default: deflate.minimumCompressedSize,
                                                               help: "messages shorter than this are sent uncompressed")

    // MARK: Push

    public static let maxViewBytes = Option<Int>.integer("max-view-bytes", "BYTES", in: 1024...(1 << 30), default: application.limits.maximumBytesPerView,
                                                         help: "most bytes of vehicle JSON one view may show, and of one /api/bus-stops answer (bbox_too_large beyond)")
    public static let maxViewVehicles = Option<Int>.integer("max-view-vehicles", in: 1...1_000_000, default: application.limits.maximumVehiclesPerView,
                                                            help: "most vehicles one view may show (bbox_too_large beyond)")
    public static let maxWatches = Option<Int>.integer("max-watches", in: 0...1000, default: application.limits.maximumWatches,
                                                       help: "stations one connection may watch at once (too_many_watches beyond)")
    public static let subscribeBurst = Option<Double>.number("subscribe-burst", "N", in: 1...1000, default: application.limits.subscribeBurst,
                                                             help: "subscribe/resume messages a connection may send in a burst")
    public static let subscribeRate = Option<Double>.number("subscribe-rate", "N", in: 0.01...1000, default: application.limits.subscribesPerSecond,
                                                            help: "subscribe/resume messages per second after the burst (rate_limited beyond)")
    public static let messageBurst = Option<Double>.number("message-burst", "N", in: 1...100_000, default: application.limits.messageBurst,
                                                           help: "messages of any op a connection may send in a burst")
    public static let messageRate = Option<Double>.number("message-rate", "N", in: 0.01...100_000, default: application.limits.messagesPerSecond,
                                                          help: "messages of any op per second after the burst (rate_limited beyond)")
    public static let messageRefusals = Option<Double>.number("message-refusals", "N", in: 1...100_000, default: application.limits.refusalsBeforeClose,
                                                              help: "messages refused over that budget, forgiven at one a second, before the connection is closed with 1008")
    public static let maxQueuedMessages = Option<Int>.integer("max-queued-messages", in: 1...100_000, default: application.inboundBacklog.messages,
                                                              help: "messages of one connection waiting to be handled before the server stops reading it (resumes at half)")
    public static let historyRetention = Option<Double>.number("history-retention", in: 0...3600, default: application.historyRetention,
                                                               help: "seconds of deltas kept for resume")
    public static let tick = Option<Double>.number("tick", in: 0.05...60, default: application.tickInterval,
                                                   help: "seconds between ticks without feed updates")
    public static let staleAfter = Option<Double>.number("stale-after", in: 1...86_400, default: application.staleAfter,
                                                         help: "seconds after which a feed's data is stale, or three poll intervals "
                                                             + "when longer (/readyz, /api/feeds)")

    // MARK: Scale out

    public static let role = Option<TracksideConfiguration.Role>(
        "role", "ROLE", default: application.role, expected: "all, engine or edge",
        help: "all (poll, tick and serve in one process), engine (poll and tick; publish each tick to the Redis stream "
            + "while holding the lease, else stand by) or edge (serve clients from the stream); engine and edge need --redis") {
        TracksideConfiguration.Role(rawValue: $0)
    }
    public static let redis = Option<String?>.text(
        "redis", "URL", shown: "none",
        help: "redis://[[user]:password@]HOST[:PORT][/DB] holding the tick stream and the engines' lease (docs/SCALING.md)")

    // MARK: Source and data

    public static let source = Option<TracksideConfiguration.Source>.source
    public static let profile = Option<ProfileChoice>.profile
    public static let gtfs = Option<[String]>.list(
        "gtfs", "PATH", shown: "demo: the bundled Data/gtfs/nyc_subway_gtfs.zip; mta: downloaded from --static-gtfs-url",
        help: "static GTFS folder or zip the network is built from (repeatable: subway, buses)")
    public static let feedHeaders = Option<[String]>.list(
        "feed-header", "HEADER", shown: "none", expected: "a header such as 'x-api-key: KEY' (a token name; a value of visible ASCII)",
        help: "a request header sent with every fetch of --source gtfs-rt: feeds, for an agency that wants its API key in a header "
            + "(repeatable; never logged; prefer the environment or the config file, command lines are visible to every user)",
        item: { FeedRequestHeader(parsing: $0) != nil })
    public static let dataFolder = Option<String?>.text("data", "DIR", shown: "Data/ in the checkout holding the executable",
                                                        help: "the bundled data folder (demo timetable, base map)")
    public static let stationAccess = Option<String?>.text(
        "station-access", "CSV", shown: "none: the GTFS's wheelchair_boarding only",
        help: "MTA Subway Stations CSV (NY Open Data 39hk-dx4f) whose ADA columns fill in step-free access")
    public static let entrances = Option<String?>.text(
        "entrances", "FILE|URL", shown: "none: no entrances on the map or in /api/stations/{id}",
        help: "the MTA Subway Entrances and Exits dataset (NY Open Data i9wp-a4ja), its CSV or GeoJSON export: a local copy, or a URL downloaded into --cache and refreshed daily; the map's entrance layer and each station's entrances")
    public static let elevatorEquipment = Option<String?>.text(
        "elevator-equipment", "JSON", shown: "none: no elevators listed",
        help: "a local copy of the MTA's elevator and escalator list (nyct_ene_equipments.json), which places each elevator at its station")
    public static let elevators = Option<String?>.text(
        "elevators", "URL|FILE", shown: "none: outages from the alerts feed's equipment alerts only",
        help: "the MTA's elevator and escalator outage feed (nyct_ene.json, JSON, gzip accepted), fetched or read every --elevators-interval; needs --elevator-equipment")
    public static let elevatorsInterval = Option<Double>.number("elevators-interval", in: 1...3600, default: application.elevatorsInterval,
                                                                help: "seconds between two polls of --elevators (stale after three)")
    public static let simulatorInterval = Option<Double>.number("sim-interval", in: 1...3600, default: application.simulatorInterval,
                                                                help: "seconds between simulator publications (demo, sim)")
    public static let simulatorSeed = Option<UInt64>.simulatorSeed
    public static let simulatorStart = Option<Double?>.simulatorStart
    public static let replaySpeed = Option<Double>.number("replay-speed", "X", in: 0.001...1_000_000, default: application.replaySpeed,
                                                          help: "replay this many times faster than recorded")
    public static let replayLoop = Option<Bool>.flag("replay-loop", default: application.replayLoops,
                                                     help: "start the recording again after its last file")
    public static let replaySkip = Option<Double>.number("replay-skip", in: 0...1e9, default: application.replaySkip,
                                                         help: "start this many recorded seconds in; earlier files play at once")
    public static let showNoScheduledService = Option<Bool>.flag(
        "show-no-scheduled-service", default: application.showsNoScheduledService,
        help: "also serve MTA's timetabled \"No Scheduled Service\" alerts (hidden by default, see docs/ALERTS.md)")
    public static let staticGTFSURL = Option<String>.url("static-gtfs-url", default: CachedDownload.staticGTFSURL,
                                                         help: "where --source mta downloads the static subway GTFS when no --gtfs is given (kept a day)")
    public static let cacheFolder = Option<String?>.text("cache", "DIR", shown: "$XDG_CACHE_HOME/trackside, else ~/.cache/trackside",
                                                         help: "folder for the downloaded static GTFS and --entrances URL")

    /// Every option, grouped as help and docs show them.
    public static let groups: [OptionGroup] = [
        OptionGroup("Listening and HTTP", [
            host.declaration, port.declaration, eventLoops.declaration, maxConnections.declaration, backlog.declaration,
            shutdownGrace.declaration, requestTimeout.declaration, keepAliveTimeout.declaration, writeTimeout.declaration, maxHeaderSize.declaration, maxBodySize.declaration,
            corsOrigins.declaration,
        ]),
        OptionGroup("Pages", [publicFolder.declaration, frameAncestors.declaration, announcedVersion.declaration, basemapStyle.declaration]),
        OptionGroup("WebSocket", [
            maxMessageSize.declaration, maxOutputBuffer.declaration, stallTimeout.declaration, pingInterval.declaration,
            pongTimeout.declaration, idleTimeout.declaration, closeTimeout.declaration, allowedOrigins.declaration, subprotocols.declaration, enableEcho.declaration,
        ]),
        OptionGroup("Compression (permessage-deflate)", [
            compression.declaration, compressionLevel.declaration, compressionWindowBits.declaration,
            compressionClientWindowBits.declaration, compressionMemoryLevel.declaration, compressionMinSize.declaration,
        ]),
        OptionGroup("Push", [
            maxViewVehicles.declaration, maxViewBytes.declaration, maxWatches.declaration, subscribeBurst.declaration,
            subscribeRate.declaration, messageBurst.declaration, messageRate.declaration, messageRefusals.declaration,
            maxQueuedMessages.declaration, historyRetention.declaration, tick.declaration, staleAfter.declaration,
        ]),
        OptionGroup("Scale out", [role.declaration, redis.declaration]),
        OptionGroup("Source and data", [
            source.declaration, feedHeaders.declaration, profile.declaration, gtfs.declaration, stationAccess.declaration, entrances.declaration,
            elevatorEquipment.declaration, elevators.declaration, elevatorsInterval.declaration, dataFolder.declaration, simulatorInterval.declaration,
            simulatorSeed.declaration, simulatorStart.declaration, replaySpeed.declaration, replayLoop.declaration, replaySkip.declaration,
            showNoScheduledService.declaration, staticGTFSURL.declaration, cacheFolder.declaration,
        ]),
        LiveFeedOptions.group,
        LogOptions.group,
        OptionGroup("Configuration", [ConfigurationFile.option.declaration]),
    ]

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `scheme://host[:port]` with nothing after it: what browsers send as `Origin`.
    static let isOrigin: @Sendable (String) -> Bool = { text in
        guard isWebURL(text), let components = URLComponents(string: text) else { return false }
        return components.path.isEmpty && components.query == nil && components.fragment == nil && components.user == nil
    }

    /// An HTTP token (RFC 9110 §5.6.2), what subprotocol names are.
    static let isToken: @Sendable (String) -> Bool = { text in
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
        }
    }
}
