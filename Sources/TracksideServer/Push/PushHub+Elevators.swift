/// The elevator topics (a station's elevators and escalators): one diff per station, against what its watchers were
/// last sent.
extension PushHub {
    /// The watched stations' elevators of a tick: each goes to its watchers when what it shows
    /// differs from what they were last sent (a status, a reason, an expected return, or the
    /// outage feed turning stale or current; the fetch time alone is no change).
    public mutating func updateElevators(_ stations: [StationElevators]) -> [Delivery] {
        var deliveries: [Delivery] = []
        for elevators in stations {
            let topic = Topic.station(elevators.station)
            let followers = registry.followers(of: topic)
            guard !followers.isEmpty else { continue }
            if let sent = registry.sent(to: topic).elevators, sent.elevators.showsTheSame(as: elevators) { continue }
            let message = ServerMessage.elevators(elevators)
            registry.record({ $0.elevators = (elevators, message) }, for: topic)
            deliveries.append(Delivery(message: message, recipients: Array(followers)))
        }
        return deliveries
    }
}
