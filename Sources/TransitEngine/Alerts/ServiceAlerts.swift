import Foundation
import TransitData

/// Turns a decoded GTFS-realtime alerts feed (with the MTA Mercury extension) into
/// ``DisplayAlert``s: a pure function of the feed, the time and a station lookup.
public enum ServiceAlerts {
    /// The alerts of `feed` that apply now or later, in feed order.
    ///
    /// - Alerts whose every active period has ended are left out, as are "No Scheduled
    ///   Service" alerts unless `settings` asks for them.
    /// - Elevator and escalator outages, which MTA repeats per platform (entity ids
    ///   `A31N#EL221`, `A31S#EL221`, `L01N#EL221`…), are collapsed into one alert per equipment
    ///   and text, listing every station once.
    /// - Parameter station: the parent station of a stop id (`A31N` → `A31`); nil keeps the id.
    public static func displayAlerts(from feed: GTFSRealtime.FeedMessage, at now: Double,
                                     settings: AlertSettings = AlertSettings(),
                                     station: (String) -> String? = { _ in nil }) -> [DisplayAlert] {
        var alerts: [DisplayAlert] = []
        var indexByEquipment: [EquipmentKey: Int] = [:]
        for entity in feed.entities where entity.isDeleted != true {
            guard let alert = entity.alert,
                  var display = displayAlert(id: entity.id, alert: alert, at: now, timeZone: settings.timeZone, station: station)
            else { continue }
            if display.type == noScheduledService, !settings.showsNoScheduledService { continue }
            guard let equipment = EquipmentKey(entityID: entity.id, header: display.header) else {
                alerts.append(display)
                continue
            }
            display.type = equipment.type
            if let index = indexByEquipment[equipment] {
                alerts[index].absorb(display)
            } else {
                indexByEquipment[equipment] = alerts.count
                alerts.append(display)
            }
        }
        return alerts
    }

    static let noScheduledService = "No Scheduled Service"
    static let plannedPrefix = "Planned - "

    /// One feed alert, or nil when it has ended or has no text.
    static func displayAlert(id: String, alert: GTFSRealtime.Alert, at now: Double, timeZone: TimeZone,
                             station: (String) -> String?) -> DisplayAlert? {
        guard let header = alert.headerText?.plainText else { return nil }
        let periods = alert.activePeriods.map(AlertPeriod.init)
        guard let when = AlertTiming.classify(periods, at: now, in: timeZone) else { return nil }

        var type = alert.mercuryAlert?.alertType.trimmingCharacters(in: .whitespaces)
        let isPlanned = type?.hasPrefix(plannedPrefix) ?? false
        if isPlanned { type = type.map { String($0.dropFirst(plannedPrefix.count)) } }

        var routes: [String] = []
        var stations: [String] = []
        let selectors = alert.informedEntities + (alert.mercuryAlert?.affectedStations ?? [])
        for selector in selectors {
            for route in [selector.routeId, selector.trip?.routeId].compactMap({ $0 }) where !route.isEmpty && !routes.contains(route) {
                routes.append(route)
            }
            if let stop = selector.stopId, !stop.isEmpty {
                let parent = station(stop) ?? stop
                if !stations.contains(parent) { stations.append(parent) }
            }
        }
        return DisplayAlert(
            id: id, type: type.flatMap { $0.isEmpty ? nil : $0 }, isPlanned: isPlanned, header: header,
            description: alert.descriptionText?.plainText, routes: routes, stations: stations,
            activePeriods: periods, when: when,
            createdAt: alert.mercuryAlert.map { Double($0.createdAt) },
            updatedAt: alert.mercuryAlert.map { Double($0.updatedAt) })
    }
}

/// What identifies one elevator or escalator outage across its per-platform copies.
struct EquipmentKey: Hashable {
    /// `EL221`, `ES105X`.
    var equipment: String
    var header: String

    /// Nil unless `entityID` is `<stop>#<EL|ES…>`, MTA's form for equipment outages.
    init?(entityID: String, header: String) {
        guard let hash = entityID.lastIndex(of: "#") else { return nil }
        let equipment = String(entityID[entityID.index(after: hash)...])
        guard equipment.hasPrefix("EL") || equipment.hasPrefix("ES") else { return nil }
        self.equipment = equipment
        self.header = header
    }

    /// The display type, as equipment alerts carry no Mercury type.
    var type: String { equipment.hasPrefix("EL") ? "Elevator Outage" : "Escalator Outage" }
}

extension DisplayAlert {
    /// Merges another copy of the same equipment outage into this one.
    mutating func absorb(_ copy: DisplayAlert) {
        sourceIDs.append(contentsOf: copy.sourceIDs)
        id = sourceIDs.min() ?? id
        for station in copy.stations where !stations.contains(station) { stations.append(station) }
        for route in copy.routes where !routes.contains(route) { routes.append(route) }
        for period in copy.activePeriods where !activePeriods.contains(period) { activePeriods.append(period) }
        if copy.when.rank < when.rank { when = copy.when }
        updatedAt = [updatedAt, copy.updatedAt].compactMap { $0 }.max()
        createdAt = [createdAt, copy.createdAt].compactMap { $0 }.min()
    }
}

extension AlertTiming {
    /// Earlier is smaller: `now` < `laterToday` < `tomorrow` < `later`.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

extension GTFSRealtime.TranslatedString {
    /// The English plain text: the `en` translation, else one without a language, else the
    /// first that is not HTML (`en-html`). Nil when there is none or it is blank.
    var plainText: String? {
        let plain = translations.first { $0.language == "en" }
            ?? translations.first { ($0.language ?? "").isEmpty }
            ?? translations.first { !($0.language ?? "").hasSuffix("-html") }
        guard let text = plain?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
