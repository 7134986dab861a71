import TransitData
import TransitEngine
import WebSocketServer

extension TracksideApp {
    /// Installs `GET /api/vehicles/{id}`: one vehicle as clients were last sent it, with its
    /// trip's stops ahead and their predicted times (`VehicleItinerary`); the same card the
    /// `{"op":"watch","vehicle":…}` push carries. A malformed id is a 400, a vehicle not
    /// published now a 404.
    func installVehicleRoutes(on router: Router) {
        router.addDeferred("GET", "/api/vehicles/{id}") { [self] request, promise in
            let id: String
            do throws(PushRequestError) {
                id = try ClientRequest.vehicleID(request.parameters["id"] ?? "")
            } catch {
                promise.succeed(Self.errorResponse(error))
                return
            }
            let tick = latestTick
            let (feeds, now) = (tick.boardFeeds.snapshot, tick.feedTime)
            push.vehicle(id) { [network = boards.network] state, epoch, seq, tickTime in
                guard let state else {
                    promise.succeed(request.error(.notFound, "no vehicle \(id) now"))
                    return
                }
                let itinerary = VehicleItinerary(vehicle: state, snapshot: feeds, network: network, now: now)
                var json = JSONWriter(reservingCapacity: 2048)
                json.object { o in
                    o.key("epoch"); o.value(epoch)
                    o.key("seq"); o.value(seq)
                    o.key("ts"); o.value(Int64((tickTime * 1000).rounded()))
                    o.key("vehicle"); state.writeJSON(to: &o)
                    itinerary.writeMembers(to: &o)
                }
                promise.succeed(.json(json.bytes))
            }
        }
    }
}
