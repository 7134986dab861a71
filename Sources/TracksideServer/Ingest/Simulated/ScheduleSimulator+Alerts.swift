import Foundation
import TransitData

extension ScheduleSimulator {
    /// A station the demo alerts are about.
    struct AlertStation: Equatable, Sendable {
        /// The parent station id (`127`), as alerts are resolved to.
        var id: String
        var name: String
        /// Its platforms (`127N`, `127S`), or the station itself when it has none.
        var platforms: [String]
    }

    /// Length of the blocks the demo alerts' periods are laid on: the feed stays the same for
    /// hours, as a real one does, while `when` still varies with the time of day.
    static let alertBlock: UInt64 = 6 * 3600

    /// What an MTA subway alerts feed would publish at `now`, with the Mercury extension; every
    /// text says it is demo data. Periods follow the clock (`now`, in six-hour blocks):
    ///
    /// - `Delays` on every route at the middle station: the current block (`now`).
    /// - `Planned - Stations Skipped` at the first station: hours 1–4 of the next block
    ///   (`later_today`, or `tomorrow` late in the day).
    /// - `Planned - Part Suspended` of the last route between the first and the last station:
    ///   01:00–05:00 of the next local day (`tomorrow`).
    /// - An elevator outage at the last station, published once per platform with an
    ///   `<platform>#EL…` id as MTA does (one alert once collapsed): the current and next block;
    ///   not for a timetable of buses, whose stops have no elevators.
    ///
    /// The words follow the timetable's mode (trains, buses, …) and the selectors carry its agency id.
    public func alertsFeed(at now: Double) -> GTFSRealtime.FeedMessage {
        let timestamp = UInt64(max(0, now))
        let header = GTFSRealtime.FeedHeader(gtfsRealtimeVersion: "1.0", incrementality: .fullDataset, timestamp: timestamp,
                                             mercuryFeedHeader: GTFSRealtime.MercuryFeedHeader(mercuryVersion: "1.0"))
        guard let firstRoute = routeIDs.first, let lastRoute = routeIDs.last else {
            return GTFSRealtime.FeedMessage(header: header, entities: [])
        }
        let block = timestamp / Self.alertBlock * Self.alertBlock
        let nextBlock = block + Self.alertBlock
        let stations = alertStations
        let (first, middle, last) = (stations.first, stations.count > 1 ? stations[1] : stations.first, stations.last)
        let bullets = routeIDs.map { "[\($0)]" }.joined(separator: " ")
        var entities: [GTFSRealtime.FeedEntity] = []

        let delayed = routeIDs.map { GTFSRealtime.EntitySelector(agencyId: agencyID, routeId: $0) }
            + (middle.map { [GTFSRealtime.EntitySelector(agencyId: agencyID, stopId: $0.id)] } ?? [])
        entities.append(alert(
            id: "demo:delays", type: "Delays", created: block, period: (block, nextBlock), informed: delayed,
            header: "Demo alert: \(bullets) \(vehicleNoun) are running with delays after \(isRoad ? "an incident on the route" : "a signal problem")\(middle.map { " at \($0.name)" } ?? "").",
            description: "This is demo data from Trackside's schedule simulator, not a real service notice."))

        if let first {
            entities.append(alert(
                id: "demo:skip-\(first.id)", type: "Planned - Stations Skipped", created: block,
                period: (nextBlock + 3600, nextBlock + 4 * 3600),
                informed: [GTFSRealtime.EntitySelector(agencyId: agencyID, routeId: firstRoute),
                           GTFSRealtime.EntitySelector(agencyId: agencyID, stopId: first.id)],
                header: "Demo alert: [\(firstRoute)] \(vehicleNoun) skip \(first.name) in both directions for \(isRoad ? "roadworks" : "track maintenance").",
                description: "Demo data: for service to this station, take the [\(firstRoute)] to the next stop and transfer."))
        }

        let tomorrow = startOfNextDay(after: now)
        var suspended = [GTFSRealtime.EntitySelector(agencyId: agencyID, routeId: lastRoute)]
        suspended += [first, last].compactMap { $0 }.map { GTFSRealtime.EntitySelector(agencyId: agencyID, stopId: $0.id) }
        let between = [first, last].compactMap { $0?.name }.joined(separator: " and ")
        entities.append(alert(
            id: "demo:suspended-\(lastRoute)", type: "Planned - Part Suspended", created: block,
            period: (tomorrow + 3600, tomorrow + 5 * 3600), informed: suspended,
            header: "Demo alert: no [\(lastRoute)] \(vehicleNoun)\(between.isEmpty ? "" : " between \(between)") early tomorrow; take the [\(firstRoute)] instead.",
            description: "Demo data: the suspension is made up to show planned work in the station callout."))

        if let last, !isRoad {
            for platform in last.platforms {
                entities.append(GTFSRealtime.FeedEntity(id: "\(platform)#EL901", alert: GTFSRealtime.Alert(
                    activePeriods: [GTFSRealtime.TimeRange(start: block, end: nextBlock + Self.alertBlock)],
                    informedEntities: [GTFSRealtime.EntitySelector(agencyId: agencyID, stopId: platform)],
                    headerText: Self.text("Demo alert: the elevator to the platforms at \(last.name) is out of service."))))
            }
        }
        return GTFSRealtime.FeedMessage(header: header, entities: entities)
    }

    /// One Mercury alert entity, created and last updated at `created`.
    private func alert(id: String, type: String, created: UInt64, period: (UInt64, UInt64),
                       informed: [GTFSRealtime.EntitySelector], header: String, description: String) -> GTFSRealtime.FeedEntity {
        let stations = informed.filter { $0.stopId != nil }
        return GTFSRealtime.FeedEntity(id: id, alert: GTFSRealtime.Alert(
            activePeriods: [GTFSRealtime.TimeRange(start: period.0, end: period.1)], informedEntities: informed,
            headerText: Self.text(header), descriptionText: Self.text(description),
            mercuryAlert: GTFSRealtime.MercuryAlert(createdAt: created, updatedAt: created, alertType: type,
                                                    affectedStations: stations)))
    }

    /// Midnight starting the local day after `now`'s, in the timetable's zone.
    private func startOfNextDay(after now: Double) -> UInt64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: Date(timeIntervalSince1970: now))
        let next = calendar.date(byAdding: .day, value: 1, to: today) ?? today.addingTimeInterval(86_400)
        return UInt64(max(0, next.timeIntervalSince1970))
    }

    /// Three stations along the longest trip of `route` (a quarter, half and three quarters of
    /// the way), so the demo alerts name real stations of whatever timetable is simulated.
    static func alertStations(feed: GTFSFeed, trips: [TimetabledTrip], route: String?) -> [AlertStation] {
        let longest = trips.filter { $0.routeID == route }
            .min { ($1.stopIDs.count, $0.tripID) < ($0.stopIDs.count, $1.tripID) }
        var stationIDs: [String] = []
        for stop in longest?.stopIDs ?? [] {
            let station = feed.stops[id: stop]?.parentStationID.flatMap { $0.isEmpty ? nil : $0 } ?? stop
            if !stationIDs.contains(station) { stationIDs.append(station) }
        }
        guard !stationIDs.isEmpty else { return [] }
        let picks = [stationIDs.count / 4, stationIDs.count / 2, stationIDs.count * 3 / 4]
        var chosen: [String] = []
        for index in picks where !chosen.contains(stationIDs[index]) { chosen.append(stationIDs[index]) }
        return chosen.map { id in
            let platforms = feed.stops.filter { $0.parentStationID == id }.map(\.id).sorted()
            return AlertStation(id: id, name: feed.stops[id: id]?.name ?? id, platforms: platforms.isEmpty ? [id] : platforms)
        }
    }

    static func text(_ english: String) -> GTFSRealtime.TranslatedString {
        GTFSRealtime.TranslatedString(translations: [.init(text: english, language: "en")])
    }
}
