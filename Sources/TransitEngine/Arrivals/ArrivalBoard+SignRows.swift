extension ArrivalBoard {
    /// One line of a text sign: the next arrival of any group, soonest first.
    public struct SignRow: Hashable, Sendable {
        public var routeID: String
        public var direction: String
        public var headsign: String
        /// Nil for a bus without a prediction; `text` then says how far away it is.
        public var minutes: Int?
        public var isDue: Bool
        /// The track the train arrives on, where the feed gives one.
        public var track: String?
        /// Whether the row's group is stale (`ArrivalGroup.isStale`).
        public var isStale: Bool
        /// Whether the trip is cancelled: the row then says so in place of the minutes.
        public var isCancelled: Bool
        /// The row as one short line: `1 South Ferry  3 min`, `2 Wakefield-241 St  Due`, led by
        /// what signs call the route (Auckland's `502`, not its route id `00502-20160512154122_v40.34`).
        public var text: String
    }

    /// The sign lines LED displays show (`/api/stations/{id}/board`): the board's arrivals of
    /// every group merged in time order, the first `count` of them, headsigns cut to
    /// `headsignWidth` characters so a line fits a narrow sign.
    public func signRows(count: Int, headsignWidth: Int = 16) -> [SignRow] {
        let arrivals = groups.flatMap { group in group.arrivals.map { (group, $0) } }
            .sorted { ($0.1.time ?? .infinity, $0.0.routeID) < ($1.1.time ?? .infinity, $1.0.routeID) }
        return arrivals.prefix(count).map { group, arrival in
            let headsign = group.headsign ?? group.direction
            let shown = headsign.count > headsignWidth ? String(headsign.prefix(headsignWidth - 1)) + "…" : headsign
            let when = arrival.isCancelled ? "Cancelled" : arrival.isDue ? "Due" : arrival.minutes.map { "\($0) min" } ?? arrival.proximity ?? ""
            return SignRow(routeID: group.routeID, direction: group.direction, headsign: headsign,
                           minutes: arrival.minutes, isDue: arrival.isDue, track: arrival.track, isStale: group.isStale,
                           isCancelled: arrival.isCancelled, text: "\(group.label?.shortName ?? group.routeID) \(shown)  \(when)")
        }
    }
}
