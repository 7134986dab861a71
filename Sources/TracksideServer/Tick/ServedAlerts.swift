import TransitData
import TransitEngine

/// The service alerts as the server serves them: computed from the kept alerts feeds at the
/// feeds' time once per tick (`Tick`), with platform stop ids resolved to the network's
/// stations. What was last pushed is the push hub's.
final class ServedAlerts: Sendable {
    let settings: AlertSettings
    private let lookup: AlertStationLookup
    init(stops: some Sequence<GTFSStop>, settings: AlertSettings) {
        lookup = AlertStationLookup(stops: stops)
        self.settings = settings
    }

    /// The display alerts of every kept alerts feed at `now`, feed by feed (in feed id order),
    /// each in its feed's order.
    func alerts(_ snapshot: AlertFeedSnapshot, now: Double) -> [DisplayAlert] {
        snapshot.feeds.flatMap { feed in
            ServiceAlerts.displayAlerts(from: feed, at: now, settings: settings, station: { self.lookup.station(of: $0) })
        }
    }
}
