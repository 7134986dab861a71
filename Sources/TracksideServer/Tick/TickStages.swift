import Metrics

/// Where a tick's time goes: one histogram of seconds per stage, observed once per tick by the
/// tick loop (placement) and the push service (the rest), scraped as
/// `trackside_tick_stage_seconds{stage=…}`. With `trackside_push_tick_to_socket_seconds` (per
/// connection, from the tick's start to its frame reaching `writev`) it says which stage a slow
/// tick spent its time in.
public final class TickStages: Sendable {
    /// A tick's stages, in the order they run.
    public enum Stage: String, CaseIterable, Sendable {
        /// `Tick.run`: one snapshot of the feeds placed, boards, cards and alerts computed.
        case place
        /// The vehicles diffed against those published (`PushHub.diff`).
        case diff
        /// The diff applied, kept for resume, and each view's delta chosen and serialised (`PushHub.publish(_:now:feedTime:)`).
        case serialise
        /// Every delta turned into a prepared (compressed) frame: the time spent preparing, while the
        /// event loops already write the chunks prepared before (it overlaps `fanout`).
        case compress
        /// From handing the first chunk of frames to the connections until every event loop wrote every chunk.
        case fanout
    }

    /// Upper bounds in seconds, from half a millisecond to 2.5 s.
    public static let bounds = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
    private let recorders: [Stage: Histogram.Recorder]

    public init() {
        recorders = Dictionary(uniqueKeysWithValues: Stage.allCases.map { ($0, Histogram.Recorder(bounds: Self.bounds)) })
    }

    /// Counts one tick's time in `stage`.
    public func observe(_ stage: Stage, _ duration: Duration) {
        recorders[stage]?.observe(duration)
    }

    /// Counts the time from `start` until now in `stage`.
    public func observe(_ stage: Stage, since start: ContinuousClock.Instant) {
        observe(stage, .now - start)
    }

    /// What `stage` has counted so far.
    public func snapshot(_ stage: Stage) -> Histogram {
        recorders[stage]?.snapshot ?? Histogram(bounds: Self.bounds)
    }

    /// Writes the family, one series per stage.
    func write(into exposition: inout PrometheusExposition) {
        let name = "trackside_tick_stage_seconds"
        exposition.family(name, .histogram,
                          help: "Seconds a tick spent in each stage: place, diff, serialise, compress (time spent preparing frames), fanout (from the first chunk handed over until the last loop wrote).")
        for stage in Stage.allCases { snapshot(stage).writeSamples(name, labels: [("stage", stage.rawValue)], into: &exposition) }
    }
}
