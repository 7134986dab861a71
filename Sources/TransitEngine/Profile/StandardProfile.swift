/// Plain GTFS and GTFS-realtime: trips carry their shape, ids mean nothing more than
/// themselves, and stop ids are used as given.
public struct StandardProfile: AgencyProfile {
    public init() {}

    public var name: String { "standard" }
    public var readsTripUpdatesAgainstTimetable: Bool { true }

    public func direction(forDirectionID directionID: String) -> String { directionID }
    public func direction(ofTripID tripID: String) -> String? { nil }
    public func routeAndDirection(ofShapeID shapeID: String) -> (route: String, direction: String?)? { nil }
    public func shapeIDs(namedByTripID tripID: String) -> [String] { [] }
    public func routeAliases(of routeID: String) -> [String] { [] }
    public func correctedStopID(_ stopID: String, routeID: String, direction: String?) -> String { stopID }
}
