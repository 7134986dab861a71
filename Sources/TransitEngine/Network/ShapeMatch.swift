/// Which shape a realtime trip runs on, and how sure that is.
public struct ShapeMatch: Hashable, Sendable {
    /// How the shape was found.
    public enum Quality: String, Hashable, Sendable, CaseIterable {
        /// The trip's own `shape_id`, or the shape its realtime id names.
        case exact
        /// A shape of the same route and direction, or of a route it shares track with.
        case fallback
    }

    /// Index into `Network.shapes`.
    public var shapeIndex: Int
    public var quality: Quality

    public init(shapeIndex: Int, quality: Quality) {
        self.shapeIndex = shapeIndex
        self.quality = quality
    }
}
