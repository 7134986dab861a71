import Synchronization
import TransitData
import TransitEngine

/// The service alerts as the server serves them: computed from the kept alerts feeds at the
/// feeds' time, on demand (REST) and each tick (push), with platform stop ids resolved to the
/// network's stations.
final class ServedAlerts: Sendable {
    let settings: AlertSettings
    private let lookup: AlertStationLookup
    /// What the tick last handed to the push hub; nil before the first tick.
    private let published = Mutex<Publication?>(nil)

    /// Alerts as handed to the push hub, with whether they may be out of date.
    struct Publication: Equatable {
        var alerts: [DisplayAlert]
        var isStale: Bool
    }

    /// The station complex of a station id, for widening an alert at one station to all of it.
    private let network: Network

    init(stops: some Sequence<GTFSStop>, network: Network, settings: AlertSettings) {
        lookup = AlertStationLookup(stops: stops)
        self.network = network
        self.settings = settings
    }

    /// The display alerts of every kept alerts feed at `now`, feed by feed (in feed id order),
    /// each in its feed's order. An alert's stations list every station of the complexes it
    /// names, so a watch of any of them (old links name one part of a complex) sees it.
    func alerts(_ snapshot: AlertFeedSnapshot, now: Double) -> [DisplayAlert] {
        snapshot.feeds.flatMap { feed in
            ServiceAlerts.displayAlerts(from: feed, at: now, settings: settings, station: { self.lookup.station(of: $0) })
        }
        .map { alert in
            var widened = alert
            widened.stations = []
            for station in alert.stations {
                for member in network.station(containing: station)?.memberStations ?? [station] where !widened.stations.contains(member) {
                    widened.stations.append(member)
                }
            }
            return widened
        }
    }

    /// The alerts at `now` and the feeds' staleness when either differs from the previous call's
    /// (always on the first), else nil: their `when` moves with time even while the feed stays
    /// the same.
    func changedAlerts(_ snapshot: AlertFeedSnapshot, now: Double) -> Publication? {
        let current = Publication(alerts: alerts(snapshot, now: now), isStale: snapshot.isStale)
        return published.withLock { published in
            guard published != current else { return nil }
            published = current
            return current
        }
    }
}
