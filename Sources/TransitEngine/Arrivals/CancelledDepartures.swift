/// The departures the feeds cancel at a place: each `CANCELED` trip's scheduled departure there,
/// by route and direction (`ScheduledService.key`), in whole seconds since the Unix epoch. A
/// board's next service leaves them out: "No buses until 5:32 AM" must not name a bus that will
/// not come.
public struct CancelledDepartures: Sendable {
    /// By `ScheduledService.key` of the line, the cancelled departure times.
    public var byLine: [String: Set<Int64>]

    public init(byLine: [String: Set<Int64>] = [:]) {
        self.byLine = byLine
    }

    /// The cancelled trips of every feed of `feeds` scheduled at any of `stops`, grouped as a board groups them.
    public init(at stops: [String], feeds: FeedSnapshot, network: Network) {
        var byLine: [String: Set<Int64>] = [:]
        for feed in feeds.feeds {
            for stop in stops {
                for (train, scheduled) in feed.cancellations(at: stop) {
                    guard let leaves = scheduled.departureOrArrival, leaves.isFinite, abs(leaves) < 1e15 else { continue }
                    let key = ScheduledService.key((train.routeID, network.boardDirection(of: train, at: scheduled)))
                    byLine[key, default: []].insert(Int64(leaves.rounded()))
                }
            }
        }
        self.byLine = byLine
    }

    /// Whether the departure of the line `key` names at `time` (seconds since the Unix epoch) is cancelled.
    func contains(line key: String, at time: Double) -> Bool {
        byLine[key]?.contains(Int64(time.rounded())) ?? false
    }
}
