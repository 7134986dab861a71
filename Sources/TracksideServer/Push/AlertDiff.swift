/// What changed in the alerts of one scope: alerts that appeared, alerts whose content
/// changed (same id, other JSON), and ids that are gone.
public struct AlertDiff: Equatable, Sendable {
    /// New alerts, in the order of the new list.
    public var added: [PublishedAlert]
    /// Alerts that changed, in the order of the new list.
    public var updated: [PublishedAlert]
    /// Ids present before and absent now, sorted so output is deterministic.
    public var removed: [String]

    public init(added: [PublishedAlert] = [], updated: [PublishedAlert] = [], removed: [String] = []) {
        self.added = added
        self.updated = updated
        self.removed = removed
    }

    /// Compares the alerts sent before (by id) with the new list. When the new list holds an
    /// id twice (two feeds reusing an id), the first one counts, as in `current(_:)`.
    public init(previous: [String: PublishedAlert], next: [PublishedAlert]) {
        added = []
        updated = []
        var seen: Set<String> = []
        for alert in next where seen.insert(alert.id).inserted {
            guard let old = previous[alert.id] else {
                added.append(alert)
                continue
            }
            if old != alert { updated.append(alert) }
        }
        removed = previous.keys.filter { !seen.contains($0) }.sorted()
    }

    /// The alerts of a list by id, the first of each id winning.
    public static func current(_ alerts: [PublishedAlert]) -> [String: PublishedAlert] {
        Dictionary(alerts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public var isEmpty: Bool { added.isEmpty && updated.isEmpty && removed.isEmpty }
}
