/// Where a network lies: the bounds of its stops and the point a map of it opens on.
///
/// The opening point is the stops' median latitude and longitude, which lands in the dense
/// middle of the network (a bounding box's centre can fall in a bay or a suburb); an agency
/// profile may name its own (`AgencyProfile.initialView`).
public struct NetworkExtent: Hashable, Sendable {
    public var southWest: Coordinate
    public var northEast: Coordinate
    public var center: Coordinate

    /// The extent of `stops` (implausible coordinates left out); nil without one.
    public init?(stops: some Sequence<Coordinate>) {
        let points = stops.filter(\.isPlausible)
        guard !points.isEmpty else { return nil }
        let latitudes = points.map(\.latitude).sorted(), longitudes = points.map(\.longitude).sorted()
        southWest = Coordinate(latitude: latitudes[0], longitude: longitudes[0])
        northEast = Coordinate(latitude: latitudes[latitudes.count - 1], longitude: longitudes[longitudes.count - 1])
        center = Coordinate(latitude: latitudes[latitudes.count / 2], longitude: longitudes[longitudes.count / 2])
    }
}

extension Network {
    /// The extent of the network's stops in use (`stopExtent`), opening where the profile says, if it does.
    public var extent: NetworkExtent? {
        guard var extent = stopExtent else { return nil }
        if let view = profile.initialView { extent.center = view }
        return extent
    }
}
