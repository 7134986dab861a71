import WebSocketServer

/// The routes `trackside serve` answers beside the app's (`TracksideApp.installRoutes`):
/// CORS, liveness, the base map, the contract documents, the optional echo endpoint and the
/// static files with their framing headers as the fallback.
public enum ServeRoutes {
    /// The liveness probe's path; it is also answered past `--max-connections` (`ServeSettings`).
    public static let livenessPath = "/healthz"

    /// Sets the CORS policy and installs `/healthz`, the bundled base map (a warning when `Data/` has none),
    /// `/api/openapi.json` and `/api/schema/…` (a warning when `docs/` is missing), `/echo`
    /// with `--enable-echo`, and `Public/` as the fallback.
    public static func install(on router: Router, settings: ServeSettings, staticFiles: StaticFiles, logger: Logger) {
        router.setPolicy(settings.crossOrigin)
        // Liveness only: answering at all is the signal, so it never depends on feeds.
        router.get(livenessPath) { _ in .json(Array(#"{"status":"ok"}"#.utf8)) }
        // The web map's land layer; without the bundled Data/ the page draws water, lines and vehicles only.
        do {
            try BaseMapRoute.bundled(dataFolder: settings.dataFolder).install(on: router)
        } catch {
            logger.warning("no base map: \(error)")
        }
        // The OpenAPI document and the push protocol's JSON Schemas, from docs/ beside Data/.
        do {
            try APIContract.bundled(dataFolder: settings.dataFolder).install(on: router)
        } catch {
            logger.warning("no /api/openapi.json: \(error)")
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
