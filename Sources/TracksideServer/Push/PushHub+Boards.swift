import TransitEngine

/// The board topics (stations and bus stops): one diff per board, against what its watchers were last sent.
extension PushHub {
    /// The watched stations' (and bus stops') boards of a tick: each goes to its watchers when
    /// what it shows differs from what they were last sent (its time alone is no change; a
    /// group turning stale or current is). Boards nobody watches are ignored.
    public mutating func updateBoards(_ boards: [ArrivalBoard]) -> [Delivery] {
        var deliveries: [Delivery] = []
        for board in boards {
            let topic = Topic.station(board.stationID)
            let followers = registry.followers(of: topic)
            guard !followers.isEmpty else { continue }
            if let sent = registry.sent(to: topic).board, sent.board.showsTheSame(as: board) { continue }
            let message = ServerMessage.arrivals(board)
            registry.record({ $0.board = (board, message) }, for: topic)
            deliveries.append(Delivery(message: message, recipients: Array(followers)))
        }
        return deliveries
    }
}

extension ArrivalBoard {
    /// Whether `other` shows what this board shows: the same groups and trains terminating
    /// (minutes included), stale routes and next scheduled service, whatever their times.
    func showsTheSame(as other: ArrivalBoard) -> Bool {
        groups == other.groups && terminating == other.terminating && staleRoutes == other.staleRoutes
            && nextService == other.nextService
    }
}
