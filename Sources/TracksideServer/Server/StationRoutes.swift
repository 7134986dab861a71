import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs `GET /api/stations/{id}/arrivals`: the station's board at the feeds' time now,
    /// the same message `watch` pushes. A malformed id is a 400, an unknown one a 404.
    func installStationRoutes(on router: Router) {
        router.get("/api/stations/{id}/arrivals") { [self] request in
            let id: String
            do throws(PushRequestError) {
                id = try ClientRequest.stationID(request.parameters["id"] ?? "")
            } catch {
                return Self.errorResponse(error)
            }
            let now = source.feedTime(atWallTime: clock())
            guard let board = boards.board(station: id, feeds: ingest.snapshot, now: now) else {
                return request.error(.notFound, "no station \(id)")
            }
            return .json(StationBoards.message(board))
        }
    }

    /// Pushes the watched stations' boards that changed (called by the tick, after the vehicles).
    func publishBoards(at feedTime: Double) {
        let watched = push.watchedStations
        guard !watched.isEmpty else { return }
        for (station, message) in boards.changedBoards(watched: watched, feeds: ingest.snapshot, now: feedTime) {
            push.updateStation(station, message: message)
        }
    }
}
