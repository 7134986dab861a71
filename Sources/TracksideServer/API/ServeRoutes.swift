import WebSocketServer

/// The routes `trackside serve` answers beside the app's (`TracksideApp.installRoutes`):
/// CORS, liveness, the base map, the contract documents, the optional echo endpoint and the
/// static files with their framing headers as the fallback.
public enum ServeRoutes {
    /// The liveness probe's path; it is also answered past `--max-connections` (`ServeSettings`).
    public static let livenessPath = "/healthz"

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

    /// Sets the CORS policy and installs `/healthz`, the bundled base map when there is one,
    /// `/api/openapi.json` and `/api/schema/…` (a warning when `docs/` is missing), `/echo`
    /// with `--enable-echo`, and `Public/` as the fallback.
    public static func install(on router: Router, settings: ServeSettings, baseMap: BaseMapRoute?, staticFiles: StaticFiles,
                               logger: Logger) {
        router.setPolicy(settings.crossOrigin)
        // Liveness only: answering at all is the signal, so it never depends on feeds.
        router.get(livenessPath) { _ in .json(Array(#"{"status":"ok"}"#.utf8)) }
        baseMap?.install(on: router)
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
