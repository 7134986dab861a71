import TransitData
import TransitEngine

extension ArrivalBoard {
    /// `{"station","name","ts","stale","rows":[{"route","direction","headsign","minutes","due","track","stale","cancelled","text"}]}`;
    /// `track` is omitted when unknown, `"stale":true` present only on a stale board or row, `"cancelled":true`
    /// only on a cancelled trip's row.
    public func writeSignJSON(name: String, rows count: Int, to json: inout JSONWriter) {
        json.object { o in
            o.key("station"); o.value(stationID)
            o.key("name"); o.value(name)
            o.key("ts"); o.value(timestamp, decimals: 0)
            if isStale { o.key("stale"); o.value(true) }
            o.key("rows")
            o.array { list in
                for row in signRows(count: count) {
                    list.object { r in
                        r.key("route"); r.value(row.routeID)
                        r.key("direction"); r.value(row.direction)
                        r.key("headsign"); r.value(row.headsign)
                        if let minutes = row.minutes { r.key("minutes"); r.value(minutes) }
                        r.key("due"); r.value(row.isDue)
                        if let track = row.track { r.key("track"); r.value(track) }
                        if row.isStale { r.key("stale"); r.value(true) }
                        if row.isCancelled { r.key("cancelled"); r.value(true) }
                        r.key("text"); r.value(row.text)
                    }
                }
            }
        }
    }
}
