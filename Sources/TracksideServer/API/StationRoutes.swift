import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs `GET /api/stations/{id}/arrivals`: the station's board at the latest tick, the
    /// same message `watch` pushed for that tick; and `GET /api/stations/{id}/board?rows=4`, the same board as
    /// a few short text lines for LED signs and other non-browser displays. A malformed id or row
    /// count is a 400, an unknown station a 404.
    func installStationRoutes(on router: Router) {
        router.get("/api/stations/{id}/arrivals") { [self] request in
            Self.withPlaceID(of: request) { id in
                guard let board = latestTick.board(id, from: boards) else {
                    return request.error(.notFound, "no station \(id)")
                }
                return .json(ServerMessage.arrivals(board))
            }
        }
        router.get("/api/stations/{id}/board") { [self] request in
            Self.withPlaceID(of: request) { id in
                let rowsText = request.query["rows"] ?? "4"
                guard let rows = Int(rowsText), (1...Self.maximumSignRows).contains(rows) else {
                    return request.error(.badRequest, "rows must be a whole number from 1 to \(Self.maximumSignRows)")
                }
                guard let station = boards.station(id), let board = latestTick.board(id, from: boards) else {
                    return request.error(.notFound, "no station \(id)")
                }
                var json = JSONWriter(reservingCapacity: 512)
                board.writeSignJSON(name: station.name, rows: rows, to: &json)
                return .json(json.bytes)
            }
        }
    }

    /// The most lines `/api/stations/{id}/board` returns.
    static let maximumSignRows = 20
}
