// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// A geographic position of a vehicle (WGS-84).
    public struct Position {
        /// Degrees north.
        public var latitude: Float
        /// Degrees east.
        public var longitude: Float
        /// Degrees clockwise from true north.
        public var bearing: Float?
        /// Metres travelled.
        public var odometer: Double?
        /// Metres per second.
        public var speed: Float?

        public init(
            latitude: Float,
            longitude: Float,
            bearing: Float? = nil,
            odometer: Double? = nil,
            speed: Float? = nil
        ) {
            self.latitude = latitude
            self.longitude = longitude
            self.bearing = bearing
            self.odometer = odometer
            self.speed = speed
        }
    }
}

extension GTFSRealtime.Position: Hashable, Sendable {}
