import TransitData

/// Resolves the stop ids of alerts (platforms such as `A31N`) to their parent stations.
public struct AlertStationLookup: Sendable {
    private let parentByStop: [String: String]

    /// From a feed's stops: each stop with a `parent_station` maps to it.
    public init(stops: some Sequence<GTFSStop>) {
        var parents: [String: String] = [:]
        for stop in stops {
            if let parent = stop.parentStationID, !parent.isEmpty { parents[stop.id] = parent }
        }
        parentByStop = parents
    }

    /// The parent station of `stopID`, or nil when it has none (it may be a station itself).
    public func station(of stopID: String) -> String? {
        parentByStop[stopID]
    }
}
