import TransitData

extension ArrivalBoard {
    /// Writes the wire form of docs/PROTOCOL.md:
    /// `{"type":"arrivals","station":"127","ts":…,"groups":[{"route","direction","headsign","arrivals":[{"time","minutes","due","track"}]}]}`.
    /// Times are whole seconds since the Unix epoch; `headsign` and `track` are omitted when unknown.
    public func writeJSON(to json: inout JSONWriter) {
        json.object { o in
            o.key("type"); o.value("arrivals")
            o.key("station"); o.value(stationID)
            o.key("ts"); o.value(Int64(timestamp.rounded(.down)))
            o.key("groups")
            o.array { list in
                for group in groups {
                    list.object { g in
                        g.key("route"); g.value(group.routeID)
                        g.key("direction"); g.value(group.direction)
                        if let headsign = group.headsign { g.key("headsign"); g.value(headsign) }
                        g.key("arrivals")
                        g.array { items in
                            for arrival in group.arrivals {
                                items.object { a in
                                    a.key("time"); a.value(Int64(arrival.time.rounded(.down)))
                                    a.key("minutes"); a.value(arrival.minutes)
                                    a.key("due"); a.value(arrival.isDue)
                                    if let track = arrival.track { a.key("track"); a.value(track) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
