/// What a follower of the stream (an edge, or a standby engine) does with the next entry it read,
/// given the position its hub holds: the one rule that keeps it from serving a gap.
public enum StreamStep: Equatable, Sendable {
    /// The entry is the tick after the hub's: publish it as that tick.
    case apply
    /// The hub's place in the stream is lost (it never had one, the epoch changed, an entry is
    /// missing, or it fell behind the stream's trim point) and this entry is a keyframe: load it.
    case load
    /// The hub already holds this tick (an entry read again after a reconnect).
    case skip
    /// The place is lost and this entry is no keyframe: fetch the latest keyframe instead of
    /// applying it.
    case reload

    /// The step for `entry` when the hub is at `seq` of `epoch` from an entry of `term`, and
    /// `inStep` says whether the hub follows the stream (false until its first keyframe, and after a gap).
    /// A keyframe of another term at or before `seq` is another history (a new leader that was
    /// behind this hub): it is loaded, not skipped.
    public init(entry: PublishedTick, epoch: String, seq: UInt64, term: UInt64? = nil, inStep: Bool) {
        if inStep, entry.epoch == epoch {
            if entry.seq <= seq, entry.isKeyframe, let term, entry.term != term { self = .load; return }
            if entry.seq <= seq { self = .skip; return }
            if entry.seq == seq + 1 { self = .apply; return }
        }
        self = entry.isKeyframe ? .load : .reload
    }
}
