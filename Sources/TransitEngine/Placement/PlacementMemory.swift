/// What placement remembers from one tick to the next, passed in and returned explicitly so
/// `place` stays a pure function of its inputs.
public struct PlacementMemory: Sendable {
    /// A train's last placement.
    public struct Train: Hashable, Sendable {
        public var tripID: String
        public var shape: ShapeMatch
        /// The stop it was last at (or left), and when it reached it.
        public var stopID: String?
        public var arrivedAt: Double?
        /// The stop it was heading to and since when (its departure from `stopID`).
        public var nextStopID: String?
        public var departedAt: Double?
        /// Metres along its shape.
        public var distanceAlong: Double
        /// Whether it runs from the shape's end towards its start.
        public var isReversed: Bool
        /// When it last moved forward.
        public var lastAdvanceAt: Double
        /// The timeline read from the feed with this timestamp: between fetches every tick
        /// reads the same one, so it is built once per fetch.
        var timeline: TrainTimeline?
        var timelineFeedTimestamp: Double?
    }

    /// A bus's last placement.
    public struct Bus: Hashable, Sendable {
        public var shapeIndex: Int
        /// Whether that is its journey pattern's own shape (rather than the nearest of its route).
        public var isExactShape: Bool
        /// Metres along the shape at `recordedAt`, before dead reckoning.
        public var reportedAlong: Double
        public var recordedAt: Double
        /// Metres per second between its last two reports, when known.
        public var speed: Double?
        public var lastAdvanceAt: Double
        public var placedAlong: Double
    }

    public var trains: [String: Train] = [:]
    public var buses: [String: Bus] = [:]

    public init() {}
}
