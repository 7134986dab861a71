/// How many of a feed's trips the static network knows: by trip id, or at least by route.
///
/// A feed for another timetable (an agency's new version, the wrong `--gtfs`) decodes fine and
/// places next to nothing; counting the match says so instead of serving an empty map as healthy.
public struct TripMatch: Hashable, Sendable {
    /// Trips (trains, GTFS-realtime buses) in the report.
    public var trips: Int
    /// Those whose trip, or route, the network has.
    public var matched: Int

    /// Counts `report`'s trips against `network`.
    public init(report: FeedReport, network: Network) {
        trips = report.trains.count
        matched = report.trains.count { network.trips[$0.tripID] != nil || network.routes[$0.routeID] != nil }
    }

    /// Fewer than half of the trips match: the feed and the static GTFS disagree.
    public var isPoor: Bool { trips > 0 && matched * 2 < trips }

    /// What `/api/feeds` says when the match is poor.
    public var warning: String? {
        isPoor ? "only \(matched) of \(trips) trips match the static GTFS (by trip or route): is --gtfs this feed's timetable?" : nil
    }
}
