import TransitData

/// What one agency does differently from plain GTFS and GTFS-realtime.
///
/// The engine works for any agency with `StandardProfile`; everything peculiar to one agency
/// (how its trip ids encode routes and shapes, routes that borrow another's track, stop ids
/// its feeds get wrong) lives in one conforming type, such as `NYCTProfile`.
public protocol AgencyProfile: Sendable {
    /// The profile's name, as `--profile` takes it and `/api/config` reports it (`nyct`, `standard`).
    var name: String { get }

    /// Whether trip updates are read against the static timetable (GTFS-realtime reference:
    /// a delay given at a stop holds for the later stops until the next one given). NYCT's feeds
    /// predict every stop ahead and its timetable rarely shares their trip ids, so it does not.
    var readsTripUpdatesAgainstTimetable: Bool { get }

    /// Where a map of the network opens, when the agency has a place of its own for it; nil: the
    /// middle of the network's stops (`NetworkExtent`).
    var initialView: Coordinate? { get }

    /// Whether the bundled NYC land (the five boroughs) belongs under this network's map.
    var drawsNYCLand: Bool { get }

    /// Whether the agency publishes its buses only in feeds of their own, named so (MTA's
    /// `…bus…` feeds, Bus Time's SIRI): then no other feed can carry one. Elsewhere any
    /// GTFS-realtime feed may carry any of the network's modes.
    var separatesBusFeeds: Bool { get }

    /// The direction label for a GTFS `direction_id` (`0`/`1`); NYC says `N`/`S`.
    func direction(forDirectionID directionID: String) -> String

    /// The direction a realtime trip id encodes, when it encodes one.
    func direction(ofTripID tripID: String) -> String?

    /// Whether a vehicle is identified by its feed's `VehicleDescriptor.id` (one bus across its
    /// trips) rather than by its trip. NYCT's vehicles have always been their trips (its subway
    /// feeds carry no descriptor), so their ids stay as they were.
    var namesVehiclesByDescriptor: Bool { get }

    /// How vehicles, boards and signs name and colour a route for riders (`route_short_name`,
    /// `route_color`, `route_text_color`); nil: by its id, in the client's own colours.
    func label(of route: NetworkRoute) -> RouteLabel?

    /// The direction a platform's stop id names, when the agency's ids name one; a board groups
    /// a platform's trains by it before the trip's own direction. Plain GTFS ids name none.
    func direction(ofPlatform stopID: String) -> String?

    /// The route and direction a shape id encodes, when it encodes them; used for shapes no
    /// static trip references.
    func routeAndDirection(ofShapeID shapeID: String) -> (route: String, direction: String?)?

    /// Shape ids a realtime trip id names directly, most specific first.
    func shapeIDs(namedByTripID tripID: String) -> [String]

    /// Routes whose shapes a route may borrow when it has none of its own in a direction.
    func routeAliases(of routeID: String) -> [String]

    /// A stop id as the trip really uses it: adds a missing platform suffix, fixes known
    /// mislabelled platforms.
    func correctedStopID(_ stopID: String, routeID: String, direction: String?) -> String

    /// Whether a realtime trip is announced but not running yet (shown at its origin, not moving).
    func isNotStarted(trip: GTFSRealtime.TripDescriptor, vehicle: GTFSRealtime.VehiclePosition?,
                      feedTimestamp: Double) -> Bool

    /// Whether its trip updates list every stop to the end of the trip, so that a trip update's
    /// last stop is where the train terminates (boards then leave it out of departures there).
    var tripUpdatesRunToTheTerminal: Bool { get }
}

extension AgencyProfile {
    /// Plain GTFS-realtime may list only the next few stops, so the last one listed says nothing.
    public var tripUpdatesRunToTheTerminal: Bool { false }
    public var initialView: Coordinate? { nil }
    public var drawsNYCLand: Bool { false }
    public var separatesBusFeeds: Bool { false }
    public var namesVehiclesByDescriptor: Bool { true }
    public func label(of route: NetworkRoute) -> RouteLabel? { RouteLabel(route) }
    public func direction(ofPlatform stopID: String) -> String? { nil }

    /// Whether a realtime trip is announced but not yet running. Plain GTFS-realtime has no
    /// way to say so; agency profiles that do override this.
    public func isNotStarted(trip: GTFSRealtime.TripDescriptor, vehicle: GTFSRealtime.VehiclePosition?,
                             feedTimestamp: Double) -> Bool {
        false
    }
}
