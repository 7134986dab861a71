/// The publishing engine's side of the stream, as a value: turns each tick its hub published
/// into the entry to append — a keyframe (the whole board) as the first entry of a term and every
/// `keyframeInterval` entries after it, the diff otherwise, with the alerts only when they changed;
/// every entry carries the feed payloads its tick read, a keyframe every feed's latest document.
public struct StreamPublisher: Sendable {
    /// The fencing term the entries carry (`PublisherLease`).
    public let term: UInt64
    /// Entries from one keyframe to the next.
    public let keyframeInterval: Int
    private var sinceKeyframe: Int?
    private var lastAlerts: [PublishedAlert]?

    public init(term: UInt64, keyframeInterval: Int = 10) {
        precondition(keyframeInterval > 0, "a keyframe interval counts entries")
        self.term = term
        self.keyframeInterval = keyframeInterval
    }

    /// The entry for the tick `hub` just published with `diff` (`PushHub.publish(_:now:feedTime:)`):
    /// its epoch, seq, tick time and feeds' time are the hub's.
    public mutating func entry(after hub: PushHub, diff: VehicleDiff, alerts: [PublishedAlert], alertsStale: Bool,
                               feedStatus: [FeedStatus], relayed: FeedRelay.Batch = FeedRelay.Batch()) -> PublishedTick {
        let keyframe = sinceKeyframe.map { $0 + 1 >= keyframeInterval } ?? true
        sinceKeyframe = keyframe ? 0 : (sinceKeyframe ?? 0) + 1
        let changedAlerts = keyframe || alerts != lastAlerts ? alerts : nil
        lastAlerts = alerts
        return PublishedTick(epoch: hub.configuration.epoch, seq: hub.seq, term: term, tickTime: hub.tickTime,
                           feedTime: hub.feedTime, isKeyframe: keyframe,
                           vehicles: keyframe ? hub.publishedStates : diff.upserts,
                           removals: keyframe ? [] : diff.removals, alerts: changedAlerts, alertsStale: alertsStale,
                           feedStatus: feedStatus, payloads: relayed.payloads,
                           documents: keyframe ? relayed.documents : [])
    }
}
