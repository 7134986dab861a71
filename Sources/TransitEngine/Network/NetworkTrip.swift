/// A scheduled trip from `trips.txt`, reduced to what placement needs.
public struct NetworkTrip: Hashable, Sendable {
    public var id: String
    public var routeID: String
    /// The direction label of the agency profile (`N`/`S` in NYC, `0`/`1` elsewhere).
    public var direction: String?
    public var shapeID: String?
    public var headsign: String?

    public init(id: String, routeID: String, direction: String? = nil, shapeID: String? = nil, headsign: String? = nil) {
        self.id = id
        self.routeID = routeID
        self.direction = direction
        self.shapeID = shapeID
        self.headsign = headsign
    }
}
