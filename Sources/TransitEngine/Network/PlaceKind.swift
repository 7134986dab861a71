/// What a place riders look up is: a station of trains or a bus stop. Its raw value is the
/// wire form (`"type"` of search results, `"kind"` of boards).
public enum PlaceKind: String, Hashable, Sendable {
    case station
    case busStop = "bus_stop"
}
