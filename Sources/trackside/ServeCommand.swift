import Foundation
import TracksideCommandLine
import TracksideServer
import TransitData
import WebSocketServer

/// `trackside serve`: the HTTP server for the web client. A thin shell: it reads options, builds
/// the server, prints where it listens and waits for SIGTERM/SIGINT to shut down gracefully.
struct ServeCommand: CLICommand {
    static let name = "serve"
    static let summary = "serve the map page, the API and the WebSocket stream (the default command)"
    static var usage: String {
        """
        Usage: trackside serve [OPTIONS]

        Every option is also read from the environment (TRACKSIDE_<NAME>, dashes as underscores, lists
        comma-separated, empty means unset) and from an optional JSON config file (--config FILE or
        TRACKSIDE_CONFIG: an object of option names to values, arrays for repeatable options). A flag
        wins over the environment, the environment over the file, the file over the default.
        Unknown options or keys and invalid values stop the server at startup (exit status 2).

        \(OptionHelp.text(ServeOptions.groups))
        Probes: GET /healthz answers 200 while the process runs; GET /readyz answers 200 once the
        static data is loaded and every feed of the source has a fresh good report, else 503 naming
        each feed that is not ready and why (never fetched, stale N s, failing: reason).
        Operations (with a source): GET /metrics (Prometheus text format), GET /status (HTML).

        Prints 'trackside: listening on http://HOST:PORT' on stdout once bound; SIGTERM or SIGINT
        stops it within 5 seconds, letting open requests finish.
        """
    }

    static func run(_ arguments: ArgumentList) throws -> Int32 {
        let options = try ResolvedOptions(groups: ServeOptions.groups, arguments: arguments.unparsed,
                                          environment: ProcessInfo.processInfo.environment)
        if let extra = options.positionals.first { throw OptionError("unexpected argument '\(extra)'") }
        var settings = ServeSettings(options)
        let logger = Logger.standardError(level: settings.logLevel, format: settings.logFormat)
        for variable in options.unknownVariables { logger.warning("unknown environment variable \(variable) ignored") }
        settings.webSocket.logger = logger
        settings.server.logger = logger
        try settings.application.gtfsPaths = gtfsPaths(settings, logger: logger)
        try settings.application.entrancesPath = entrancesPath(settings, logger: logger)
        // NYCT's station complexes ship in Data/; without it stations join by transfers.txt alone.
        do {
            settings.application.stationGroupsPath = try BundledData.locate(explicitPath: settings.dataFolder).stationGroups.path
        } catch {
            logger.warning("no station groups: \(error)")
        }
        guard let publicFolder = settings.publicFolder ?? defaultPublicFolder() else {
            throw OptionError("no Public/ folder found; pass --public DIR")
        }
        let staticFiles: StaticFiles
        do {
            staticFiles = try StaticFiles(directory: publicFolder)
        } catch {
            throw OptionError("\(error)")
        }

        let baseMap = ServeRoutes.baseMap(settings: settings, logger: logger)
        if baseMap != nil { settings.application.offlineBaseMap = BaseMapRoute.manifestPath }
        let app: TracksideApp
        do {
            app = try TracksideApp(configuration: settings.application, webSocket: settings.webSocket, logger: logger)
        } catch let error as TracksideConfiguration.ConfigurationError {
            throw OptionError(error.description)
        }
        let router = Router()
        ServeRoutes.install(on: router, settings: settings, baseMap: baseMap, staticFiles: staticFiles, logger: logger)
        app.installRoutes(on: router)

        ShutdownSignals.block()
        let server = try HTTPServer(configuration: settings.server, router: router)
        let address: (host: String, port: Int)
        do {
            address = try server.start()
        } catch ServerError.addressInUse {
            // A usage error (exit 2), not a crash: another server already answers on this port.
            throw OptionError("\(ServerError.addressInUse) (\(settings.server.host):\(settings.server.port))")
        }
        app.start()
        // Written unbuffered: tests and supervisors wait for this exact line.
        FileHandle.standardOutput.write(Data("trackside: listening on http://\(address.host):\(address.port)\n".utf8))
        logger.info("listening on http://\(address.host):\(address.port)", [("source", "\(settings.application.source)")])
        let signal = ShutdownSignals.wait()
        logger.info("signal \(signal), shutting down")
        // Client work still queued is dropped at once; the listeners close and every WebSocket
        // gets 1001 while the tick and the source stop beside it, so neither waits for the other.
        app.stopReceiving()
        let appStopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            app.stop()
            appStopped.signal()
        }
        server.shutdown()
        // A source stuck in a fetch does not hold the process past the grace period.
        if appStopped.wait(timeout: .now() + .milliseconds(500)) == .timedOut {
            logger.warning("feed source still stopping after the grace period; exiting anyway")
        }
        return 0
    }

    /// The static GTFS the source runs on: `--gtfs`, else the bundled timetable for the demo, else
    /// the cached MTA download for `mta`; `sim` and `replay` need `--gtfs`.
    private static func gtfsPaths(_ settings: ServeSettings, logger: Logger) throws -> [String] {
        let given = settings.application.gtfsPaths
        guard given.isEmpty else { return given }
        switch settings.application.source {
        case .demo:
            do {
                return [try BundledData.locate(explicitPath: settings.dataFolder).subwayFeed.path]
            } catch {
                throw OptionError("the demo needs the bundled data: \(error)")
            }
        case .mta:
            guard let url = URL(string: settings.staticGTFSURL) else {
                throw OptionError("invalid value '\(settings.staticGTFSURL)' for --static-gtfs-url")
            }
            let cache = CachedDownload.staticGTFS(url: url, directory: URL(fileURLWithPath: settings.cacheFolder ?? defaultCacheFolder()))
            do {
                return [try cache.path(logger: logger)]
            } catch {
                throw OptionError(error.description)
            }
        case .simulation, .replay, .gtfsRealtime:
            throw OptionError("--source \(settings.application.source) needs at least one --gtfs")
        }
    }

    /// `--entrances`: a local file as given, or an `http(s)` URL's download kept in the cache
    /// folder (`CachedDownload.entrances`, refreshed after a day, the old copy when it fails).
    private static func entrancesPath(_ settings: ServeSettings, logger: Logger) throws -> String? {
        guard let given = settings.application.entrancesPath, given.hasPrefix("http://") || given.hasPrefix("https://") else {
            return settings.application.entrancesPath
        }
        guard let url = URL(string: given) else { throw OptionError("invalid value '\(given)' for --entrances") }
        let cache = CachedDownload.entrances(url: url, directory: URL(fileURLWithPath: settings.cacheFolder ?? defaultCacheFolder()))
        do {
            return try cache.path(logger: logger)
        } catch {
            throw OptionError(error.description)
        }
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
