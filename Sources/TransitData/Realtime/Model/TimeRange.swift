// The GTFS-realtime model (see `GTFSRealtime`); schemas for reference in ../shared/data/proto.

extension GTFSRealtime {
    /// An interval in POSIX seconds; a missing bound is open.
    public struct TimeRange {
        /// `start` (field 1).
        public var start: UInt64?
        /// `end` (field 2).
        public var end: UInt64?

        public init(
            start: UInt64? = nil,
            end: UInt64? = nil
        ) {
            self.start = start
            self.end = end
        }
    }
}

extension GTFSRealtime.TimeRange: Hashable, Sendable {}
