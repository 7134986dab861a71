import WebSocketServer

/// The routes `trackside serve` answers beside the app's (`TracksideApp.installRoutes`):
/// liveness, the base map, the optional echo endpoint and the static files with their
/// framing headers as the fallback.
public enum ServeRoutes {
    /// Installs `/healthz`, the bundled base map (a warning when `Data/` has none), `/echo`
    /// with `--enable-echo`, and `Public/` as the fallback.
    public static func install(on router: Router, settings: ServeSettings, staticFiles: StaticFiles, logger: Logger) {
        // Liveness only: answering at all is the signal, so it never depends on feeds.
        router.get("/healthz") { _ in .json(Array(#"{"status":"ok"}"#.utf8)) }
        // The web map's land layer; without the bundled Data/ the page draws water, lines and vehicles only.
        do {
            try BaseMapRoute.bundled(dataFolder: settings.dataFolder).install(on: router)
        } catch {
            logger.warning("no base map: \(error)")
        }
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
