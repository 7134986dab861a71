import TransitData

extension ServerMessage {
    /// A watched station's `elevators` message:
    /// `{"type":"elevators","station","elevators":[…],"elevators_stale","elevators_updated"}`.
    static func elevators(_ elevators: StationElevators) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 256 + elevators.statuses.count * 256)
        json.object { o in
            o.key("type"); o.value("elevators")
            o.key("station"); o.value(elevators.station)
            elevators.writeMembers(to: &o)
        }
        return json.bytes
    }
}
