import Foundation

/// One elevator or escalator out of service, from the MTA's outage feed (`nyct_ene.json`, and
/// `nyct_ene_upcoming.json` for planned ones): `equipment`, `equipmenttype`, `station`,
/// `serving`, `ADA`, `outagedate` and `estimatedreturntoservice` (local times such as
/// `09/30/2024 12:05:00 PM`), `reason`, `isupcomingoutage`, `ismaintenanceoutage`.
public struct EquipmentOutage: Hashable, Sendable {
    /// The equipment number (`EL293`), which the equipment list places at a station.
    public var equipmentID: String
    public var kind: ElevatorEquipment.Kind
    public var stationName: String
    public var serving: String
    public var isADA: Bool
    /// When it went out of service and when it is expected back, seconds since the Unix epoch;
    /// nil when the feed gives none or an unreadable one.
    public var since: Double?
    public var until: Double?
    /// The feed's reason (`Repair`, `Capital Replacement`), nil when none.
    public var reason: String?
    /// A planned outage that has not started.
    public var isUpcoming: Bool
    public var isMaintenance: Bool

    public init(equipmentID: String, kind: ElevatorEquipment.Kind, stationName: String = "", serving: String = "",
                isADA: Bool = false, since: Double? = nil, until: Double? = nil, reason: String? = nil,
                isUpcoming: Bool = false, isMaintenance: Bool = false) {
        self.equipmentID = equipmentID
        self.kind = kind
        self.stationName = stationName
        self.serving = serving
        self.isADA = isADA
        self.since = since
        self.until = until
        self.reason = reason
        self.isUpcoming = isUpcoming
        self.isMaintenance = isMaintenance
    }

    /// Whether it keeps the equipment out of service at `now`: not an upcoming one still to
    /// start, and not one whose expected return has passed by more than a day (a feed that
    /// forgot to drop it; within a day the MTA's estimate is often just late).
    public func isInEffect(at now: Double) -> Bool {
        if isUpcoming, let since, since > now { return false }
        if let until, until + 86_400 < now { return false }
        return true
    }
}

/// An outage feed read: the outages, and how many records were skipped as unreadable.
public struct EquipmentOutages: Sendable, Equatable {
    public var outages: [EquipmentOutage]
    public var skipped: Int

    public init(outages: [EquipmentOutage] = [], skipped: Int = 0) {
        self.outages = outages
        self.skipped = skipped
    }
}

extension EquipmentOutages {
    /// Reads the outage feed's JSON array, its local times in `timeZone` (the MTA's,
    /// America/New_York). A document that is not an array of objects, or is too large, is an
    /// error (the feed keeps its last good outages); a record without an equipment number or a
    /// known type is skipped and counted; an empty array is news: nothing is out of service.
    public init(json data: Data, timeZone: TimeZone) throws(GTFSLoadError) {
        var outages: [EquipmentOutage] = []
        var skipped = 0
        for record in try AccessDocument.records(data, what: "outage feed") {
            guard let id = AccessDocument.text(record, "equipment") ?? AccessDocument.text(record, "equipmentno"), id.count <= 32,
                  let kind = ElevatorEquipment.kind(code: AccessDocument.text(record, "equipmenttype"), id: id) else {
                skipped += 1
                continue
            }
            let time = { (key: String) in AccessDocument.text(record, key).flatMap { MTALocalTime.seconds($0, in: timeZone) } }
            outages.append(EquipmentOutage(
                equipmentID: id, kind: kind, stationName: AccessDocument.text(record, "station") ?? "",
                serving: AccessDocument.text(record, "serving") ?? "", isADA: AccessDocument.flag(record, "ADA") ?? false,
                since: time("outagedate"), until: time("estimatedreturntoservice"),
                reason: AccessDocument.text(record, "reason"),
                isUpcoming: AccessDocument.flag(record, "isupcomingoutage") ?? false,
                isMaintenance: AccessDocument.flag(record, "ismaintenanceoutage") ?? false))
        }
        self.init(outages: outages, skipped: skipped)
    }
}

/// The MTA's local date-times, `MM/dd/yyyy hh:mm[:ss] AM|PM` or 24-hour `MM/dd/yyyy HH:mm[:ss]`.
enum MTALocalTime {
    /// Seconds since the Unix epoch of `text` read in `timeZone`; nil when it is not such a time.
    static func seconds(_ text: String, in timeZone: TimeZone) -> Double? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let date = parts[0].split(separator: "/").map { Int($0) }
        let clock = parts[1].split(separator: ":").map { Int($0) }
        guard date.count == 3, (2...3).contains(clock.count),
              let month = date[0], let day = date[1], let year = date[2],
              var hour = clock[0], let minute = clock[1] else { return nil }
        let second = clock.count == 3 ? clock[2] : 0
        if parts.count == 3 {
            let half = parts[2].uppercased()
            guard half == "AM" || half == "PM", (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (half == "PM" ? 12 : 0)
        }
        guard let second, (1...12).contains(month), (1...31).contains(day), (1900...2999).contains(year),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let instant = calendar.date(from: components),
              calendar.component(.day, from: instant) == day else { return nil }
        return instant.timeIntervalSince1970
    }
}
