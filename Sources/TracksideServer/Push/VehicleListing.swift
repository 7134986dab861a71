/// The published vehicles of one view at one tick, as REST answers them (`GET /api/vehicles` and
/// `/api/vehicles.geojson`): the tick's epoch, seq and time, and the vehicles as clients were sent them.
public struct VehicleListing: Sendable {
    public var epoch: String
    public var seq: UInt64
    /// The tick's time, milliseconds since the Unix epoch (`ts`).
    public var timestampMilliseconds: Int64
    /// The feeds' clock at the tick (`feed_ts`, whole seconds): a replay's is the recording's; nil before a tick.
    public var feedTime: Double?
    public var vehicles: [PublishedVehicle]

    public init(epoch: String, seq: UInt64, timestampMilliseconds: Int64, feedTime: Double? = nil, vehicles: [PublishedVehicle]) {
        self.epoch = epoch
        self.seq = seq
        self.timestampMilliseconds = timestampMilliseconds
        self.feedTime = feedTime
        self.vehicles = vehicles
    }
}
