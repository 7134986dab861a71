/// A follower of the stream (an edge, or a standby engine) as a value: whether its hub is in
/// step with the stream and the alerts it last read. `follow(_:hub:)` applies what `StreamStep`
/// allows; after a `.reload` the caller fetches the latest keyframe, follows it (`.load`) and
/// reads on from the stream, where every entry up to the keyframe's seq is skipped.
public struct StreamFollower: Sendable {
    /// False until the first keyframe and after a gap, until the next one.
    public private(set) var inStep = false
    /// Gaps found (each answered by a reload), over the follower's life.
    public private(set) var gaps = 0
    private var alerts: [PublishedAlert] = []
    /// The term of the last entry followed.
    private var term: UInt64?

    public init() {}

    /// Applies `entry` to `hub` when it is the next tick (or a keyframe to load) and returns the
    /// step taken with the messages it sends; a gap is counted and nothing is sent.
    public mutating func follow(_ entry: PublishedTick, hub: inout PushHub) -> (step: StreamStep, deliveries: [PushHub.Delivery]) {
        let step = StreamStep(entry: entry, epoch: hub.configuration.epoch, seq: hub.seq, term: term, inStep: inStep)
        if step == .reload {
            if inStep { gaps += 1 }
            inStep = false
            return (step, [])
        }
        let (deliveries, alerts) = hub.follow(entry, step: step, alerts: alerts)
        self.alerts = alerts
        if step != .skip { term = entry.term }
        inStep = true
        return (step, deliveries)
    }

    /// The hub published a tick of its own (a leading engine): it is where its entry puts the stream.
    public mutating func published(alerts: [PublishedAlert], term: UInt64) {
        inStep = true
        self.alerts = alerts
        self.term = term
    }

    /// Forgets the place in the stream (the stream itself was lost, or this process starts
    /// publishing): the next entry followed must be a keyframe.
    public mutating func leave() {
        inStep = false
    }
}
