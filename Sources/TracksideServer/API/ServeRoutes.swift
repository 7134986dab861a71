import WebSocketServer

/// The routes `trackside serve` answers beside the app's (`TracksideApp.installRoutes`):
/// liveness, the base map, the optional echo endpoint and the static files with their
/// framing headers as the fallback.
public enum ServeRoutes {
    /// The bundled offline base map of `settings`' data folder, or nil (with a warning) when `Data/` has none:
    /// the page then draws lines and vehicles on a plain ground. Read before the app is built, whose
    /// `/api/config` announces it (`TracksideConfiguration.offlineBaseMap`).
    public static func baseMap(settings: ServeSettings, logger: Logger) -> BaseMapRoute? {
        do {
            return try BaseMapRoute.bundled(dataFolder: settings.dataFolder)
        } catch {
            logger.warning("no base map: \(error)")
            return nil
        }
    }

    /// Installs `/healthz`, the bundled base map when there is one, `/echo` with `--enable-echo`, and `Public/`
    /// as the fallback.
    public static func install(on router: Router, settings: ServeSettings, baseMap: BaseMapRoute?, staticFiles: StaticFiles,
                               logger: Logger) {
        // Liveness only: answering at all is the signal, so it never depends on feeds.
        router.get("/healthz") { _ in .json(Array(#"{"status":"ok"}"#.utf8)) }
        baseMap?.install(on: router)
        if settings.enableEcho {
            router.webSocketEcho("/echo", configuration: settings.webSocket)
        }
        let framing = settings.application.framing
        router.setFallback { request in
            var response = staticFiles.respond(to: request)
            framing.apply(to: &response, for: request.path)
            return response
        }
    }
}
