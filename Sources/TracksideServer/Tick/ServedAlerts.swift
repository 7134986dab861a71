import TransitData
import TransitEngine

/// The service alerts as the server serves them: computed from the kept alerts feeds at the
/// feeds' time once per tick (`Tick`), with platform stop ids resolved to the network's
/// stations. What was last pushed is the push hub's.
final class ServedAlerts: Sendable {
    let settings: AlertSettings
    private let lookup: AlertStationLookup
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
}
