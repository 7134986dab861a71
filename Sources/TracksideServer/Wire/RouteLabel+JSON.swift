import TransitData
import TransitEngine

extension RouteLabel {
    /// Writes `route_short_name`, `route_color` and `route_text_color` (`RRGGBB`, as `routes.txt` has
    /// them) into the enclosing object, each only when known: the members a vehicle and a board group
    /// carry after `route` (docs/PROTOCOL.md).
    func writeMembers(to o: inout JSONWriter) {
        if let shortName { o.key("route_short_name"); o.value(shortName) }
        if let color { o.key("route_color"); o.value(color) }
        if let textColor { o.key("route_text_color"); o.value(textColor) }
    }
}
