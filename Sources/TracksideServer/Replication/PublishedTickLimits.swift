/// What a decoder accepts from the stream, whoever wrote it: an entry is refused as a whole
/// (and the edge reloads from a keyframe) rather than half applied.
public struct PublishedTickLimits: Sendable {
    /// Bytes of one encoded entry; a keyframe of the whole of New York is well under 2 MiB.
    public var maximumBytes = 16 << 20
    /// Vehicles (or removals) in one entry.
    public var maximumVehicles = 100_000
    /// Points of one vehicle's motion segment.
    public var maximumPathPoints = 4_096
    /// Alerts in one entry, and feeds whose health it reports.
    public var maximumAlerts = 10_000
    public var maximumFeeds = 1_000
    /// Feed payloads (and, apart, documents) relayed in one entry.
    public var maximumPayloads = 4_096

    public init() {}
}
