extension GTFSFeed {
    /// For every stop some trip calls at, the ids of the routes of those trips, read in one pass
    /// over `stop_times.txt`; nil when the feed has no stop_times (or was built in memory). Where
    /// they are loaded already, `routesCallingAtStops(in:)` gives the same without reading them.
    ///
    /// A call where riders may neither board nor alight (`pickup_type` and `drop_off_type` both
    /// 1) does not count: the bus passes the stop without serving it. A call of a trip missing
    /// from trips.txt is an error, as for any other broken reference.
    public func routesCallingAtStops() throws -> [String: Set<String>]? {
        guard var reader = try stopTimes() else { return nil }
        var routes: [String: Set<String>] = [:]
        var lastTripID = ""
        var lastRouteID = ""
        while let call = try reader.next() {
            guard call.servesRiders else { continue }
            // Rows of a trip are normally contiguous: one trip lookup per trip, not per row.
            if call.tripID != lastTripID {
                guard let trip = trips[id: call.tripID] else {
                    throw CSVError(file: reader.header.file, line: reader.line, reason: "trip '\(call.tripID)' is not in trips.txt")
                }
                lastTripID = call.tripID
                lastRouteID = trip.routeID
            }
            routes[call.stopID, default: []].insert(lastRouteID)
        }
        return routes
    }

    /// The same from `schedule`, this feed's stop_times already loaded, without reading them
    /// again; a schedule without calls (no stop_times, or an empty file) is told apart by reading.
    public func routesCallingAtStops(in schedule: GTFSSchedule) throws -> [String: Set<String>]? {
        guard !schedule.calls.isEmpty else { return try routesCallingAtStops() }
        var routes: [String: Set<String>] = [:]
        for (index, tripID) in schedule.tripIDs.enumerated() {
            guard let trip = trips[id: tripID] else { throw GTFSLoadError("stop_times: trip '\(tripID)' is not in trips.txt") }
            let calls = schedule.calls(ofTripAt: index)
            for position in calls.indices where !schedule.unservedCalls.contains(position) {
                routes[schedule.stopID(of: calls[position]), default: []].insert(trip.routeID)
            }
        }
        return routes
    }
}
