/// A service alert ready to show: plain and segmented text, affected routes and stations, and
/// when it applies. Built by `ServiceAlerts.displayAlerts(from:at:settings:station:)`.
public struct DisplayAlert: Hashable, Sendable {
    /// The feed entity id; for a collapsed elevator or escalator alert, the smallest of the
    /// merged ids (see ``sourceIDs``).
    public var id: String
    /// The alert type without its `Planned - ` prefix, e.g. `Delays`, `Part Suspended`;
    /// `Elevator Outage`/`Escalator Outage` for equipment alerts, which carry no type; nil when
    /// the feed gives none.
    public var type: String?
    /// Whether the type was `Planned - …` (planned work rather than an incident).
    public var isPlanned: Bool
    /// The English header as plain text, route tokens left as written (`[A]`).
    public var header: String
    public var headerSegments: [AlertTextSegment]
    public var description: String?
    public var descriptionSegments: [AlertTextSegment]
    /// Affected route ids, in feed order, without repeats.
    public var routes: [String]
    /// Affected stations (parent station ids), in feed order, without repeats.
    public var stations: [String]
    public var activePeriods: [AlertPeriod]
    public var when: AlertTiming
    /// Mercury `created_at` and `updated_at`, seconds since the Unix epoch.
    public var createdAt: Double?
    public var updatedAt: Double?
    /// Every feed entity this alert stands for; more than one when per-platform copies of an
    /// equipment outage were collapsed.
    public var sourceIDs: [String]

    public init(id: String, type: String? = nil, isPlanned: Bool = false, header: String, description: String? = nil,
                routes: [String] = [], stations: [String] = [], activePeriods: [AlertPeriod] = [], when: AlertTiming,
                createdAt: Double? = nil, updatedAt: Double? = nil, sourceIDs: [String]? = nil) {
        self.id = id
        self.type = type
        self.isPlanned = isPlanned
        self.header = header
        self.headerSegments = AlertTextSegment.segments(of: header)
        self.description = description
        self.descriptionSegments = description.map(AlertTextSegment.segments(of:)) ?? []
        self.routes = routes
        self.stations = stations
        self.activePeriods = activePeriods
        self.when = when
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.sourceIDs = sourceIDs ?? [id]
    }
}
