import TransitData
import TransitEngine

extension ArrivalBoard {
    /// Writes the wire form of docs/PROTOCOL.md:
    /// `{"type":"arrivals","station":"127","ts":…,"groups":[{"route","direction","headsign","arrivals":[{"time","minutes","due","track"}]}]}`,
    /// each group labelled by its route's `RouteLabel` members where it has one,
    /// with `"bus_stop":"404303"` in place of `"station"` on a bus stop's board. Times are whole
    /// seconds since the Unix epoch; `headsign`, `heading` (the station's words for the
    /// direction), `track`, and a bus's `time` and `minutes` (no prediction), `away` and
    /// `stops_away` are omitted when unknown; the board's `"stale":true` with its `stale_routes`,
    /// and a group's `"stale":true`, only when they are stale; `terminating` (groups of the
    /// same shape: trains ending here, not departures) only when there are some; an arrival's
    /// `"cancelled":true` (a `CANCELED` trip at its scheduled time) only when it is; `next_service`
    /// (`[{"route","direction","time"}]`, when each line without a group next departs by the
    /// timetable) only when there is some.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { o in
            o.key("type"); o.value("arrivals")
            o.key(kind == .station ? "station" : "bus_stop"); o.value(stationID)
            o.key("ts"); o.value(Int64(timestamp.rounded(.down)))
            if isStale {
                o.key("stale"); o.value(true)
                o.key("stale_routes"); o.array { list in for route in staleRoutes { list.value(route) } }
            }
            o.key("groups")
            o.array { list in for group in groups { group.writeJSON(to: &list) } }
            if !terminating.isEmpty {
                o.key("terminating")
                o.array { list in for group in terminating { group.writeJSON(to: &list) } }
            }
            if !nextService.isEmpty {
                o.key("next_service")
                o.array { list in
                    for next in nextService {
                        list.object { n in
                            n.key("route"); n.value(next.routeID)
                            n.key("direction"); n.value(next.direction)
                            n.key("time"); n.value(Int64(next.time.rounded(.down)))
                        }
                    }
                }
            }
        }
    }
}

extension ArrivalGroup {
    /// `{"route","route_short_name","route_color","route_text_color","direction","headsign","heading","stale","arrivals":[…]}`,
    /// as `ArrivalBoard.writeJSON` describes.
    func writeJSON(to json: inout JSONWriter) {
        json.object { g in
            g.key("route"); g.value(routeID)
            label?.writeMembers(to: &g)
            g.key("direction"); g.value(direction)
            if let headsign { g.key("headsign"); g.value(headsign) }
            if let heading { g.key("heading"); g.value(heading) }
            if isStale { g.key("stale"); g.value(true) }
            g.key("arrivals")
            g.array { items in
                for arrival in arrivals {
                    items.object { a in
                        if let time = arrival.time { a.key("time"); a.value(time.rounded(.down)) }
                        if let minutes = arrival.minutes { a.key("minutes"); a.value(minutes) }
                        a.key("due"); a.value(arrival.isDue)
                        if let track = arrival.track { a.key("track"); a.value(track) }
                        if let proximity = arrival.proximity { a.key("away"); a.value(proximity) }
                        if let stopsAway = arrival.stopsAway { a.key("stops_away"); a.value(stopsAway) }
                        if arrival.isCancelled { a.key("cancelled"); a.value(true) }
                    }
                }
            }
        }
    }
}
