/// A path vehicles follow (`shapes.txt`), measured and indexed once, with the stops it passes.
///
/// A class, immutable once built: placement looks shapes up for every vehicle on every tick,
/// and sharing one reference is far cheaper than copying a struct of a dozen arrays.
public final class TransitShape: Sendable {
    public let id: String
    /// The route whose trips use it (or that the profile reads from its id).
    public let routeID: String?
    /// The direction of the trips that use it, in the profile's labels.
    public let direction: String?
    public let polyline: Polyline
    public let grid: SegmentGrid
    /// For every stop within reach of the shape, each pass of the shape near it (distance
    /// along and offset). Most stops have one pass; loops and turn-backs give several.
    public let stopPasses: [String: [PolylineProjection]]

    public init(id: String, routeID: String?, direction: String?, polyline: Polyline, grid: SegmentGrid,
                stopPasses: [String: [PolylineProjection]]) {
        self.id = id
        self.routeID = routeID
        self.direction = direction
        self.polyline = polyline
        self.grid = grid
        self.stopPasses = stopPasses
    }
}
