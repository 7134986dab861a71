// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// A realtime shape (for detours), as an encoded polyline.
    public struct Shape {
        /// `shape_id` (field 1).
        public var shapeId: String?
        /// Google encoded polyline of the path.
        public var encodedPolyline: String?

        public init(
            shapeId: String? = nil,
            encodedPolyline: String? = nil
        ) {
            self.shapeId = shapeId
            self.encodedPolyline = encodedPolyline
        }
    }
}

extension GTFSRealtime.Shape: Hashable, Sendable {}
