/// When each recorded file is played and what time the replayed world is in: the
/// recording's clock mapped onto the wall clock from `start`, sped up by `speed`.
///
/// `skip` starts that many recorded seconds in: the files before that point play at once,
/// in order, so the server begins with every feed the recording had by then. With `loops`,
/// the recording repeats with a cycle of its duration plus one typical gap between files,
/// so the last file is shown as long as the others before time restarts; each repetition
/// is a new `round`, which the server treats as a fresh start (the feeds' clock went back).
public struct ReplaySchedule: Sendable {
    /// The recorded publish times, ascending.
    public let timestamps: [Double]
    public let speed: Double
    public let loops: Bool
    /// Wall time at which the replay starts.
    public let start: Double
    /// Recorded seconds skipped at the start.
    public let skip: Double
    /// Recording seconds per loop cycle.
    public let cycle: Double

    public init(timestamps: [Double], speed: Double, loops: Bool, start: Double, skip: Double = 0) {
        precondition(!timestamps.isEmpty && speed > 0 && skip >= 0, "a schedule needs files, a positive speed and skip >= 0")
        self.timestamps = timestamps
        self.speed = speed
        self.loops = loops
        self.start = start
        let gaps = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        let typicalGap = gaps.isEmpty ? 30 : gaps[gaps.count / 2]
        cycle = timestamps.last! - timestamps.first! + typicalGap
        self.skip = loops ? skip.truncatingRemainder(dividingBy: cycle) : skip
    }

    /// The feeds' time at a wall-clock time.
    public func feedTime(atWallTime wallTime: Double) -> Double {
        let elapsed = max(0, wallTime - start) * speed + skip
        return timestamps[0] + (loops ? elapsed.truncatingRemainder(dividingBy: cycle) : elapsed)
    }

    /// The `n`-th play (0-based, counting across loop rounds): which file, in which round,
    /// and at what wall time; nil once a non-looping recording is over.
    public func play(_ n: Int) -> (file: Int, round: Int, wallTime: Double)? {
        let (round, file) = n.quotientAndRemainder(dividingBy: timestamps.count)
        guard loops || round == 0 else { return nil }
        let offset = Double(round) * cycle + timestamps[file] - timestamps[0] - skip
        return (file, round, start + max(0, offset) / speed)
    }
}
