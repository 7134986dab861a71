/// The alert topics (stations and routes): what changed since each scope was last sent.
extension PushHub {
    /// New alerts computed at `now` (the feeds' time), `stale` when an alerts feed is: each
    /// watched station or route whose alerts changed gets one `alerts` message with what was added,
    /// updated and removed; when only the staleness changed, every watched scope gets one with
    /// nothing added, updated or removed.
    public mutating func updateAlerts(_ alerts: [PublishedAlert], stale: Bool, now: Double) -> [Delivery] {
        let stalenessChanged = stale != alertsStale
        self.alerts = alerts
        alertsTime = now
        alertsStale = stale
        var deliveries: [Delivery] = []
        for (topic, followers) in registry.topics {
            guard let scope = AlertScope(topic), let sent = registry.sent(to: topic).alerts else { continue }
            let next = alerts.filter(scope.covers)
            let diff = AlertDiff(previous: sent, next: next)
            guard !diff.isEmpty || stalenessChanged else { continue }
            registry.record({ $0.alerts = AlertDiff.current(next) }, for: topic)
            let message = ServerMessage.alerts(scope: scope, timestamp: now, stale: stale, reset: false, diff: diff)
            deliveries.append(Delivery(message: message, recipients: Array(followers)))
        }
        return deliveries
    }

    /// A new watcher's first alerts message: the scope's whole current set.
    mutating func alertReset(_ scope: AlertScope, to client: ClientID) -> Delivery {
        let current = alerts.filter(scope.covers)
        registry.record({ $0.alerts = AlertDiff.current(current) }, for: Topic(scope))
        let message = ServerMessage.alerts(scope: scope, timestamp: alertsTime, stale: alertsStale, reset: true,
                                           diff: AlertDiff(previous: [:], next: current))
        return Delivery(message: message, recipients: [client])
    }
}

extension AlertScope {
    /// The alerts scope of a topic: stations and routes have alerts, views and vehicles none.
    init?(_ topic: Topic) {
        switch topic {
        case .station(let station): self = .station(station)
        case .route(let route): self = .route(route)
        case .region, .vehicle: return nil
        }
    }
}

extension Topic {
    /// The topic whose followers receive `scope`'s alerts.
    init(_ scope: AlertScope) {
        switch scope {
        case .station(let station): self = .station(station)
        case .route(let route): self = .route(route)
        }
    }
}
