/// Bounds on what a feed may make the loader allocate, so a hostile or broken file fails cleanly.
public struct GTFSLimits: Sendable {
    /// The largest inflated size accepted for one compressed table (`.txt.gz` or zip entry).
    public var maximumInflatedFileSize: Int
    /// The longest CSV record accepted, in bytes.
    public var maximumRecordSize: Int

    /// Limits generous enough for the full NYC subway feed (stop_times is about 30 MB).
    public init(maximumInflatedFileSize: Int = 1 << 30, maximumRecordSize: Int = 1 << 20) {
        self.maximumInflatedFileSize = maximumInflatedFileSize
        self.maximumRecordSize = maximumRecordSize
    }
}
