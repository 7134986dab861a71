extension PushHub {
    /// Publishes an entry read from the stream after `StreamStep` said `.apply` or `.load`, exactly
    /// as the engine's hub published that tick: the same diff at the same seq and tick time, so
    /// every view's delta carries the same bytes; then the alerts, at the tick's feeds' time.
    /// A keyframe in step is applied as the diff from this board to its board; loaded, it replaces
    /// the board and restarts the resume history at its seq (`load(epoch:seq:states:now:feedTime:)`).
    /// - Parameter alerts: the alerts in force before this entry (an entry carries them only when
    ///   they changed); the caller keeps the result's for the next.
    public mutating func follow(_ entry: PublishedTick, step: StreamStep, alerts: [PublishedAlert])
        -> (deliveries: [Delivery], alerts: [PublishedAlert]) {
        var deliveries: [Delivery] = []
        switch step {
        case .apply:
            let diff = entry.isKeyframe ? VehicleDiff(previous: boardStates, next: entry.vehicles)
                : VehicleDiff(upserts: entry.vehicles, removals: entry.removals)
            deliveries = publish(diff, now: entry.tickTime, feedTime: entry.feedTime)
        case .load:
            load(epoch: entry.epoch, seq: entry.seq, states: entry.vehicles, now: entry.tickTime, feedTime: entry.feedTime)
        case .skip, .reload:
            return ([], alerts)
        }
        let current = entry.alerts ?? alerts
        deliveries += updateAlerts(current, stale: entry.alertsStale, now: entry.feedTime ?? entry.tickTime)
        return (deliveries, current)
    }
}
