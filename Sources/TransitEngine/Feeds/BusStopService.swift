/// Which routes the realtime feeds have been seen calling at each stop: SIRI calls and trip
/// update stop times, accumulated over every report recorded.
///
/// The MTA's bus GTFS comes without stop_times in ../shared/data, so this is how a bus stop
/// learns its routes there: Bus Time names each bus's next stop (and, asked for calls, the
/// ones after it), and within a few polls every stop of a running route has been named.
public struct BusStopService: Sendable {
    private var routesByStop: [String: Set<String>] = [:]
    /// Every route a report has shown calling anywhere.
    public private(set) var routesReported: Set<String> = []

    public init() {}

    /// Adds the routes `report` shows calling at stops.
    public mutating func record(_ report: FeedReport) {
        for call in report.busCalls where !call.routeID.isEmpty {
            routesByStop[call.stopID, default: []].insert(call.routeID)
            routesReported.insert(call.routeID)
        }
        for trip in report.trains where !trip.routeID.isEmpty {
            for prediction in trip.stopTimes {
                routesByStop[prediction.stopID, default: []].insert(trip.routeID)
            }
            if !trip.stopTimes.isEmpty { routesReported.insert(trip.routeID) }
        }
    }

    /// The routes seen at `stopID`, sorted; empty when none was.
    public func routes(at stopID: String) -> [String] {
        routesByStop[stopID].map { $0.sorted() } ?? []
    }

    /// The routes seen at any of `stopIDs`.
    public func routes(atAny stopIDs: [String]) -> Set<String> {
        stopIDs.reduce(into: []) { $0.formUnion(routesByStop[$1] ?? []) }
    }

    /// `station`'s lines: its static routes with those seen at its platforms (or at the station
    /// itself, where trips name it), as `Station.lines(seen:reported:)` weighs them.
    public func lines(of station: Station) -> [String] {
        station.lines(seen: routes(atAny: station.platforms + station.memberStations), reported: routesReported)
    }
}
