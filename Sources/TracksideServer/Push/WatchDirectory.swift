/// What a connection may watch: the network's stations and bus stops (one id space) and its routes; vehicles
/// are the ones published now. A watch of anything else is refused with `not_found`, as REST answers 404 for
/// the same id, instead of being accepted and never answered.
public struct WatchDirectory: Sendable {
    /// Station and bus stop ids; nil accepts any id (a hub without a network).
    public var places: Set<String>?
    /// Route ids; nil accepts any id.
    public var routes: Set<String>?

    /// Accepts `places` and `routes`; nil for either accepts any id of that kind.
    public init(places: Set<String>? = nil, routes: Set<String>? = nil) {
        self.places = places
        self.routes = routes
    }

    /// Refuses a station or bus stop the network does not have.
    func checkPlace(_ id: String) throws(PushRequestError) {
        guard places?.contains(id) ?? true else { throw PushRequestError(.notFound, "no station or bus stop \(id)") }
    }

    /// Refuses a route the network does not have.
    func checkRoute(_ id: String) throws(PushRequestError) {
        guard routes?.contains(id) ?? true else { throw PushRequestError(.notFound, "no route \(id)") }
    }

    /// Refuses a vehicle that is not published now.
    static func checkVehicle(_ id: String, on board: VehicleBoard) throws(PushRequestError) {
        guard board.vehicles[id] != nil else {
            throw PushRequestError(.notFound, "no vehicle \(id.prefix(128)) now")
        }
    }
}
