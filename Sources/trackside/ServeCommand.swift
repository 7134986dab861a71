import Foundation
import TracksideServer
import TransitData
import WebSocketServer

/// `trackside serve`: the HTTP server for the web client. A thin shell: it reads options, builds
/// the server, prints where it listens and waits for SIGTERM/SIGINT to shut down gracefully.
struct ServeCommand: CLICommand {
    static let name = "serve"
    static let summary = "serve the map page, the API and the WebSocket stream (the default command)"
    static let usage = """
        Usage: trackside serve [OPTIONS]

        Options:
          --host HOST          address to listen on (default 127.0.0.1)
          --port PORT          TCP port, 0 picks a free one (default 8080)
          --public DIR         static files to serve (default: the package's Public/ folder,
                               looked for in the working directory, then beside the executable)
          --event-loops N      event loop threads (default: one per core)
          --source SOURCE      where vehicles come from (default demo):
                                 demo        simulated trains on the bundled 1 and 2 line
                                             timetable: demo data, alive at any hour, offline
                                 sim         the same simulator on the first --gtfs feed (it
                                             needs stop_times.txt)
                                 replay:DIR  recorded feed files (*.pb, *.json, optionally .gz)
                                             played in timestamp order, as if live
                                 mta         the live MTA feeds (internet needed; options below);
                                             without --gtfs the static subway GTFS is downloaded
                                             from --static-gtfs-url (default \(StaticGTFSCache.defaultURL))
                                             into --cache DIR (default ~/.cache/trackside), kept a day
          --gtfs PATH          static GTFS folder or zip for the network (repeatable; default
                               for demo: the bundled Data/gtfs/nyc_subway_gtfs.zip)
          --data DIR           the bundled data folder (default: Data/ in the package checkout
                               holding the executable, or $TRACKSIDE_DATA)
          --sim-interval S     seconds between simulator publications (default 15)
          --sim-seed N         simulator seed; the same seed gives the same delays (default 1)
          --replay-speed X     replay X times faster than recorded (default 1)
          --replay-loop        start the recording again after its last file
          --replay-skip S      start S recorded seconds in; earlier files play at once
          --tick SECONDS       seconds between ticks without feed updates (default 1)
          --request-timeout S  seconds a request may take to arrive once started, and a new
                               connection to start one (default 10; slow senders get 408)
          --enable-echo        mount a WebSocket echo endpoint at /echo (conformance runs, smoke
                               tests); off by default
          --max-message-size BYTES
                               largest WebSocket message accepted, after decompression; larger
                               ones close with 1009 (default 1048576; Autobahn 9.* needs 16777216)
          --stall-timeout S    seconds a WebSocket client may leave its output backed up (over
                               1 MiB) before it is closed with 1008 (default 10)
          --log-level LEVEL    debug, info, warning or error (default info)
          --log-format FORMAT  text or json: one line per event on stderr (default text)
          --frame-ancestors SOURCES
                               the sites that may embed the station display (/display/) in a
                               frame, as a CSP frame-ancestors source list, e.g.
                               "'self' https://lobby.example" (default *: any site); every
                               other page may be framed by its own origin only
          --announce-version V for testing: the version hello, /api/config and /status announce
                               instead of this build's (pages reload when it changes)

        Live feeds (--source mta):
        \(MTAFeedOptions.usage)

        Probes: GET /healthz answers 200 while the process runs; GET /readyz answers 200 once the
        static data is loaded and every feed of the source has a fresh good report, else 503 naming
        each feed that is not ready and why (never fetched, stale N s, failing: reason).
        Operations (with a source): GET /metrics (Prometheus text format), GET /status (HTML).

        Prints 'trackside: listening on http://HOST:PORT' once bound; SIGTERM or SIGINT stops it
        within 5 seconds, letting open requests finish.
        """

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        var arguments = arguments
        let logger = Logger.standardError(
            level: try arguments.value("log-level", default: .info) { LogLevel(name: $0) },
            format: try arguments.value("log-format", default: .text) { LogFormat(rawValue: $0) })
        var configuration = ServerConfiguration()
        configuration.host = try arguments.value("host") ?? configuration.host
        configuration.port = try arguments.value("port", default: configuration.port) { Int($0).flatMap { (0...65535).contains($0) ? $0 : nil } }
        configuration.eventLoopCount = try arguments.value("event-loops", default: configuration.eventLoopCount) {
            Int($0).flatMap { (1...256).contains($0) ? $0 : nil }
        }
        let requestTimeout = try arguments.value("request-timeout", default: 10.0) { Double($0).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil } }
        configuration.requestTimeout = .milliseconds(Int(requestTimeout * 1000))
        var webSocket = WebSocketConfiguration()
        webSocket.logger = logger
        webSocket.maximumMessageSize = try arguments.value("max-message-size", default: webSocket.maximumMessageSize) {
            Int($0).flatMap { (125...(1 << 30)).contains($0) ? $0 : nil }
        }
        let stallTimeout = try arguments.value("stall-timeout", default: 10.0) { Double($0).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil } }
        webSocket.outputStallTimeout = .milliseconds(Int(stallTimeout * 1000))
        let enableEcho = arguments.flag("enable-echo")
        let publicFolder = try arguments.value("public") ?? defaultPublicFolder()
        let application = try applicationConfiguration(&arguments, logger: logger)
        let extra = try arguments.positionals()
        guard extra.isEmpty else { throw ArgumentList.UsageError(description: "unexpected argument '\(extra[0])'") }
        guard let publicFolder else {
            throw ArgumentList.UsageError(description: "no Public/ folder found; pass --public DIR")
        }
        let staticFiles: StaticFiles
        do {
            staticFiles = try StaticFiles(directory: publicFolder)
        } catch {
            throw ArgumentList.UsageError(description: "\(error)")
        }

        let router = Router()
        // Liveness only: answering at all is the signal, so it never depends on feeds.
        router.get("/healthz") { _ in .json(Array(#"{"status":"ok"}"#.utf8)) }
        // The web map's land layer; without the bundled Data/ the page draws water, lines and vehicles only.
        do {
            try BaseMapRoute.bundled().install(on: router)
        } catch {
            logger.warning("no base map: \(error)")
        }
        if enableEcho {
            router.webSocketEcho("/echo", configuration: webSocket)
        }
        let app: TracksideApp
        do {
            app = try TracksideApp(configuration: application, webSocket: webSocket, logger: logger)
        } catch let error as TracksideConfiguration.ConfigurationError {
            throw ArgumentList.UsageError(description: error.description)
        }
        app.installRoutes(on: router)
        let framing = application.framing
        router.setFallback { request in
            var response = staticFiles.respond(to: request)
            framing.apply(to: &response, for: request.path)
            return response
        }

        ShutdownSignals.block()
        let server = try HTTPServer(configuration: configuration, router: router)
        let address = try server.start()
        app.start()
        // Written unbuffered: tests and supervisors wait for this exact line.
        FileHandle.standardOutput.write(Data("trackside: listening on http://\(address.host):\(address.port)\n".utf8))
        let signal = ShutdownSignals.wait()
        logger.info("signal \(signal), shutting down")
        app.stop()
        server.shutdown()
        return 0
    }

    /// The application options.
    private static func applicationConfiguration(_ arguments: inout ArgumentList, logger: Logger) throws -> TracksideConfiguration {
        let sourceText = try arguments.value("source") ?? "demo"
        var gtfsPaths = try arguments.values("gtfs")
        let dataFolder = try arguments.value("data")
        let simInterval = try arguments.value("sim-interval", default: 15.0) { Double($0).flatMap { $0 >= 1 && $0 <= 3600 ? $0 : nil } }
        let simSeed = try arguments.value("sim-seed", default: UInt64(1)) { UInt64($0) }
        let speed = try arguments.value("replay-speed", default: 1.0) { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
        let loops = arguments.flag("replay-loop")
        let skip = try arguments.value("replay-skip", default: 0.0) { Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } }
        let mtaOptions = try MTAFeedOptions(&arguments)
        let tick = try arguments.value("tick", default: 1.0) { Double($0).flatMap { $0 >= 0.05 && $0 <= 60 ? $0 : nil } }
        let frameAncestors = try arguments.value("frame-ancestors")
        let announcedVersion = try arguments.value("announce-version")
        if sourceText == "demo" && gtfsPaths.isEmpty {
            do {
                gtfsPaths = [try BundledData.locate(explicitPath: dataFolder).subwayFeed.path]
            } catch {
                throw ArgumentList.UsageError(description: "the demo needs the bundled data: \(error)")
            }
        }
        let staticGTFSURL = try arguments.value("static-gtfs-url") ?? StaticGTFSCache.defaultURL
        let cacheFolder = try arguments.value("cache") ?? defaultCacheFolder()
        if sourceText == "mta" && gtfsPaths.isEmpty {
            guard let url = URL(string: staticGTFSURL) else { throw ArgumentList.UsageError(description: "bad --static-gtfs-url '\(staticGTFSURL)'") }
            let cache = StaticGTFSCache(url: url, directory: URL(fileURLWithPath: cacheFolder))
            do {
                gtfsPaths = [try cache.path(logger: logger)]
            } catch {
                throw ArgumentList.UsageError(description: error.description)
            }
        }
        guard !gtfsPaths.isEmpty else { throw ArgumentList.UsageError(description: "--source \(sourceText) needs at least one --gtfs") }
        var configuration: TracksideConfiguration
        do {
            configuration = TracksideConfiguration(source: try TracksideConfiguration.Source(parsing: sourceText), gtfsPaths: gtfsPaths)
        } catch {
            throw ArgumentList.UsageError(description: error.description)
        }
        configuration.replaySpeed = speed
        configuration.replayLoops = loops
        configuration.replaySkip = skip
        configuration.tickInterval = tick
        configuration.simulatorInterval = simInterval
        configuration.simulatorSeed = simSeed
        configuration.mtaFeeds = mtaOptions.feeds
        configuration.fetchTimeout = mtaOptions.timeout
        if let frameAncestors {
            do {
                configuration.framing.display = try FrameAncestors(parsing: frameAncestors)
            } catch {
                throw ArgumentList.UsageError(description: "--frame-ancestors: \(error.description)")
            }
        }
        if let announcedVersion {
            guard !announcedVersion.isEmpty, announcedVersion.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ArgumentList.UsageError(description: "--announce-version needs a version without spaces, e.g. 9.9.9")
            }
            configuration.announcedVersion = announcedVersion
        }
        return configuration
    }

    /// `$XDG_CACHE_HOME/trackside`, else `~/.cache/trackside`.
    private static func defaultCacheFolder() -> String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSTemporaryDirectory()) + "/.cache"
        return base + "/trackside"
    }

    /// `Public/` in the working directory, else in the package checkout that holds the executable
    /// (`.build/<configuration>/trackside` lives a few levels below it).
    private static func defaultPublicFolder() -> String? {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let local = fileManager.currentDirectoryPath + "/Public"
        if fileManager.fileExists(atPath: local, isDirectory: &isDirectory), isDirectory.boolValue { return local }
        guard let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("Public").path
            if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
