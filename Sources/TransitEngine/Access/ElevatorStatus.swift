import TransitData

/// One elevator or escalator at a moment: in service, or out with the outage feed's reason and
/// expected return, or out because the alerts feed says so.
public struct ElevatorStatus: Hashable, Sendable {
    /// Where the out-of-service news came from.
    public enum Source: String, Sendable {
        /// The MTA's elevator and escalator outage feed.
        case outages
        /// An equipment alert (`A31N#EL221`) of the service alerts feed.
        case alerts
    }

    public var equipment: ElevatorEquipment
    /// False while an outage is known; true otherwise, `isReported` saying whether anything says so.
    public var inService: Bool
    public var reason: String?
    public var since: Double?
    public var until: Double?
    public var source: Source?

    public init(equipment: ElevatorEquipment, inService: Bool, reason: String? = nil, since: Double? = nil,
                until: Double? = nil, source: Source? = nil) {
        self.equipment = equipment
        self.inService = inService
        self.reason = reason
        self.since = since
        self.until = until
        self.source = source
    }

    /// Whether anything reports this equipment's status: an outage found, or a feed that names it
    /// (`ElevatorEquipment.statusIsReported`). Unreported equipment is neither claimed working nor out.
    public var isReported: Bool { !inService || equipment.statusIsReported }

    /// Each piece of `access`'s equipment at `now` (wall time): out of service when the outage
    /// feed has an outage in effect for it (`EquipmentOutage.isInEffect`), else when an alert in
    /// force names it (`alertOutages`: equipment id → the alert's header), else in service, or
    /// unreported where no feed reports it.
    public static func statuses(of access: StationAccess, outages: [String: EquipmentOutage],
                                alertOutages: [String: String], at now: Double) -> [ElevatorStatus] {
        access.equipment.map { item in
            if let outage = outages[item.id], outage.isInEffect(at: now) {
                return ElevatorStatus(equipment: item, inService: false, reason: outage.reason, since: outage.since,
                                      until: outage.until, source: .outages)
            }
            if let header = alertOutages[item.id] {
                return ElevatorStatus(equipment: item, inService: false, reason: header, source: .alerts)
            }
            return ElevatorStatus(equipment: item, inService: true)
        }
    }

    /// The equipment ids that equipment alerts in force name, with each alert's header: MTA's
    /// entity ids `<stop>#<equipment>` (`ServiceAlerts` keeps every copy in `sourceIDs`).
    public static func alertOutages(_ alerts: [DisplayAlert]) -> [String: String] {
        var outages: [String: String] = [:]
        for alert in alerts where alert.when == .now {
            for id in alert.sourceIDs {
                guard let key = EquipmentKey(entityID: id, header: alert.header) else { continue }
                outages[key.equipment] = outages[key.equipment] ?? alert.header
            }
        }
        return outages
    }
}
