/// The change sets of recent ticks, so a client that reconnects can `resume` with the
/// deltas it missed instead of a full snapshot.
///
/// Retention is by age (default 120 s, the protocol's promise): memory is bounded by the
/// number of changes in that window, and the diff already keeps that small.
public struct DeltaHistory: Sendable {
    private struct Entry: Sendable {
        let seq: UInt64
        let time: Double
        let changes: ChangeSet
    }

    /// How long a tick's changes stay resumable, in seconds.
    public let retention: Double
    private var entries: [Entry] = []
    private var head = 0
    /// The seq of the latest recorded tick (0 before the first).
    public private(set) var latestSeq: UInt64 = 0

    /// An empty history whose latest tick is `latestSeq`: nothing before it is resumable (an edge
    /// that loaded the board of tick `latestSeq` from a keyframe knows no change that led there).
    public init(retention: Double = 120, latestSeq: UInt64 = 0) {
        self.retention = retention
        self.latestSeq = latestSeq
    }

    /// Records the changes of tick `seq` (which must follow the previous one) and forgets
    /// ticks older than the retention window.
    public mutating func record(seq: UInt64, time: Double, changes: ChangeSet) {
        precondition(seq == latestSeq + 1, "ticks are recorded in order")
        latestSeq = seq
        entries.append(Entry(seq: seq, time: time, changes: changes))
        while head < entries.count, entries[head].time < time - retention { head += 1 }
        // Compact once the dropped prefix dominates, keeping appends amortised O(1).
        if head > 64, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// The net changes from the state at `seq` to the latest tick, or nil when they are no
    /// longer (or never were) all known.
    public func changes(after seq: UInt64) -> ChangeSet? {
        guard seq <= latestSeq else { return nil }
        var merged = ChangeSet()
        guard seq < latestSeq else { return merged }
        guard let oldest = entries[head...].first?.seq, seq + 1 >= oldest else { return nil }
        for entry in entries[head...] where entry.seq > seq { merged.merge(entry.changes) }
        return merged
    }
}
