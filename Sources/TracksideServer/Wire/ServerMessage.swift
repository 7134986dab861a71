import TransitData
import TransitEngine

/// Serialises the server → client messages of docs/PROTOCOL.md. Vehicles are inserted as
/// their cached JSON, so building a message is a copy of bytes.
public enum ServerMessage {
    /// The first message on every connection: `{"type":"hello","protocol":1,"server","epoch","source"}`.
    public static func hello(server: String, epoch: String, source: String) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 128)
        json.object { o in
            o.key("type"); o.value("hello")
            o.key("protocol"); o.value(PushProtocolVersion.current)
            o.key("server"); o.value(server)
            o.key("epoch"); o.value(epoch)
            o.key("source"); o.value(source)
        }
        return json.bytes
    }

    /// A station's or bus stop's `arrivals` message, the same bytes REST answers.
    public static func arrivals(_ board: ArrivalBoard) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 512)
        board.writeJSON(to: &json)
        return json.bytes
    }

    public static func snapshot(epoch: String, seq: UInt64, timestampMilliseconds: Int64, feedTime: Double? = nil,
                                vehicles: [PublishedVehicle]) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 96 + vehicles.count * 320)
        json.object { o in
            header(&o, type: "snapshot", epoch: epoch, seq: seq, timestampMilliseconds: timestampMilliseconds, feedTime: feedTime)
            o.key("vehicles")
            o.array { a in for vehicle in vehicles { a.raw(vehicle.json) } }
        }
        return json.bytes
    }

    public static func delta(epoch: String, seq: UInt64, timestampMilliseconds: Int64, feedTime: Double? = nil,
                             upserts: [PublishedVehicle], removals: [String]) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 96 + upserts.count * 320 + removals.count * 24)
        json.object { o in
            header(&o, type: "delta", epoch: epoch, seq: seq, timestampMilliseconds: timestampMilliseconds, feedTime: feedTime)
            o.key("upsert")
            o.array { a in for vehicle in upserts { a.raw(vehicle.json) } }
            o.key("remove")
            o.array { a in for id in removals { a.value(id) } }
        }
        return json.bytes
    }

    public static func error(_ error: PushRequestError) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 96)
        json.object { o in
            o.key("type"); o.value("error")
            o.key("code"); o.value(error.code.rawValue)
            o.key("message"); o.value(error.message)
        }
        return json.bytes
    }

    /// A scope's alert changes: `{"type":"alerts","station":"127"|"route":"A","ts":<s>,"stale":…,
    /// "reset":…,"add":[alert…],"update":[alert…],"remove":["id",…]}`. With `reset`, the client drops
    /// every alert it holds for the scope and `add` is the whole current set (the first message after
    /// a watch). `stale`: an alerts feed's latest update failed or its data is too old, so the set
    /// is the last good one and may be out of date.
    public static func alerts(scope: AlertScope, timestamp: Double, stale: Bool, reset: Bool, diff: AlertDiff) -> [UInt8] {
        let size = (diff.added + diff.updated).reduce(128) { $0 + $1.json.count } + diff.removed.count * 32
        var json = JSONWriter(reservingCapacity: size)
        json.object { o in
            o.key("type"); o.value("alerts")
            switch scope {
            case .station(let station): o.key("station"); o.value(station)
            case .route(let route): o.key("route"); o.value(route)
            }
            o.key("ts"); o.value(Int64(timestamp.rounded(.down)))
            o.key("stale"); o.value(stale)
            o.key("reset"); o.value(reset)
            o.key("add"); o.array { a in for alert in diff.added { a.raw(alert.json) } }
            o.key("update"); o.array { a in for alert in diff.updated { a.raw(alert.json) } }
            o.key("remove"); o.array { a in for id in diff.removed { a.value(id) } }
        }
        return json.bytes
    }

    /// A watched vehicle's card: `{"type":"vehicle","id":"…","vehicle":{state},"at":…,"stops":[…]}`
    /// (`itinerary` is `VehicleItinerary.writeMembers`' fragment, empty when unknown), or
    /// `{"type":"vehicle","id":"…","vehicle":null}` once the vehicle is no longer published.
    public static func vehicle(id: String, state: [UInt8]?, itinerary: [UInt8]?) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 96 + (state?.count ?? 0) + (itinerary?.count ?? 0))
        json.object { o in
            o.key("type"); o.value("vehicle")
            o.key("id"); o.value(id)
            o.key("vehicle")
            if let state { o.raw(state) } else { o.null() }
            if let itinerary, !itinerary.isEmpty { o.raw(itinerary) }
        }
        return json.bytes
    }

    /// The REST mirror `GET /api/vehicles`: the same vehicles as a snapshot, `feed_ts` included, without `type`.
    public static func vehicleList(_ listing: VehicleListing) -> [UInt8] {
        var json = JSONWriter(reservingCapacity: 64 + listing.vehicles.count * 320)
        json.object { o in
            listing.writeHeader(to: &o)
            o.key("vehicles")
            o.array { a in for vehicle in listing.vehicles { a.raw(vehicle.json) } }
        }
        return json.bytes
    }

    /// `feedTime`: the feeds' clock at the tick (`feed_ts`, whole seconds), which differs from
    /// `ts` in a replay; omitted before the first tick.
    private static func header(_ o: inout JSONWriter, type: String, epoch: String, seq: UInt64,
                               timestampMilliseconds: Int64, feedTime: Double?) {
        o.key("type"); o.value(type)
        o.key("epoch"); o.value(epoch)
        o.key("seq"); o.value(seq)
        o.key("ts"); o.value(timestampMilliseconds)
        if let feedTime { o.key("feed_ts"); o.value(feedTime.rounded(.down), decimals: 0) }
    }
}
