import TransitData
import TransitEngine

extension VehicleItinerary {
    /// Writes the itinerary's members into the enclosing object (docs/PROTOCOL.md):
    /// `"at":{"stop","station","name"}|null,"stops":[{"stop","station","name","arrival","departure","delay","track","away"}]`.
    /// Times are whole seconds since the Unix epoch, `delay` whole seconds late (negative: early);
    /// members the feed or network does not give are omitted.
    public func writeMembers(to o: inout JSONWriter) {
        o.key("at")
        if let current { Self.write(current, to: &o) } else { o.null() }
        o.key("stops")
        o.array { list in
            for call in calls {
                list.object { c in
                    Self.writePlaceMembers(call.place, to: &c)
                    if let arrival = call.arrival { c.key("arrival"); c.value(arrival.rounded(.down), decimals: 0) }
                    if let departure = call.departure { c.key("departure"); c.value(departure.rounded(.down), decimals: 0) }
                    if let delay = call.delay { c.key("delay"); c.value(delay.rounded(), decimals: 0) }
                    if let track = call.track { c.key("track"); c.value(track) }
                    if let proximity = call.proximity { c.key("away"); c.value(proximity) }
                }
            }
        }
    }

    private static func write(_ place: Place, to json: inout JSONWriter) {
        json.object { p in writePlaceMembers(place, to: &p) }
    }

    private static func writePlaceMembers(_ place: Place, to o: inout JSONWriter) {
        o.key("stop"); o.value(place.stopID)
        if let station = place.stationID { o.key("station"); o.value(station) }
        if let name = place.name { o.key("name"); o.value(name) }
    }
}
