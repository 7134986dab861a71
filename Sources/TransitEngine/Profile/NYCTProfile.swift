import TransitData

/// New York City Transit's subway: trip ids that name route, direction and shape, platform
/// ids with `N`/`S` suffixes that some feeds drop, routes that run on another's track.
public struct NYCTProfile: AgencyProfile {
    /// Routes without shapes of their own and whose track they use (W on the N and R,
    /// express variants on their local, Z on the J).
    public var aliases: [String: [String]] = [
        "W": ["N", "R"], "5X": ["5"], "6X": ["6"], "7X": ["7"], "Z": ["J"], "FX": ["F"],
    ]

    public init() {}

    public var name: String { "nyct" }
    public var readsTripUpdatesAgainstTimetable: Bool { false }
    /// Times Square, where the app opened.
    public var initialView: Coordinate? { Coordinate(latitude: 40.758, longitude: -73.9855) }
    public var drawsNYCLand: Bool { true }
    public var separatesBusFeeds: Bool { true }
    public var namesVehiclesByDescriptor: Bool { false }
    /// NYCT's signs and bullets have always named routes by their ids (`GS`, `FS`, `6X`), which the
    /// page's bullets read and draw in the MTA's palette; its short names (`S`) would make three
    /// shuttles one. So nothing is labelled beyond the id.
    public func label(of route: NetworkRoute) -> RouteLabel? { nil }

    /// NYC platforms end in their direction (`127N`), which is the side of the station riders
    /// stand on; the trip's own label can disagree (the 42 St Shuttle's trips), so it comes second.
    public func direction(ofPlatform stopID: String) -> String? {
        guard let last = stopID.last, last == "N" || last == "S" else { return nil }
        return String(last)
    }

    /// NYCT's `direction_id` 0 runs north (towards the Bronx and Manhattan's top end), 1 south.
    public func direction(forDirectionID directionID: String) -> String {
        switch directionID {
        case "0": "N"
        case "1": "S"
        default: directionID
        }
    }

    /// `131000_1..N03R` and `107613_D..N` encode `N`: the letter after the first run of dots.
    public func direction(ofTripID tripID: String) -> String? {
        guard let pattern = Self.pattern(of: tripID) else { return nil }
        return Self.direction(inPattern: pattern)
    }

    /// `1..N03R` is route 1 northbound; `GS.S01R` is the shuttle southbound.
    public func routeAndDirection(ofShapeID shapeID: String) -> (route: String, direction: String?)? {
        guard let dot = shapeID.firstIndex(of: "."), dot > shapeID.startIndex else { return nil }
        return (String(shapeID[..<dot]), Self.direction(inPattern: Substring(shapeID)))
    }

    /// `131000_1..N03R` names shape `1..N03R`. Older ids carry a service prefix
    /// (`A20111204SAT_021150_2..N08R`); the pattern is always after the last `_`.
    public func shapeIDs(namedByTripID tripID: String) -> [String] {
        guard let pattern = Self.pattern(of: tripID) else { return [] }
        return [String(pattern)]
    }

    public func routeAliases(of routeID: String) -> [String] { aliases[routeID] ?? [] }

    /// NYCT trip updates carry every remaining stop, the terminal last.
    public var tripUpdatesRunToTheTerminal: Bool { true }

    /// Adds the trip's direction to a bare platform id (`D04` on a northbound trip is `D04N`),
    /// and moves northbound M trains at Myrtle Av to the platform they use, M11S: the M turns
    /// back towards Manhattan there, so its `N` trips stop on the `S` side.
    public func correctedStopID(_ stopID: String, routeID: String, direction: String?) -> String {
        var corrected = stopID
        if let direction, direction == "N" || direction == "S",
           let last = stopID.last, last.isNumber {
            corrected += direction
        }
        if routeID == "M" && corrected == "M11N" { corrected = "M11S" }
        return corrected
    }

    /// Trips not yet assigned a train, and B-division trips whose vehicle "report" is stamped
    /// in the future: the scheduled departure from the origin, not a measurement.
    public func isNotStarted(trip: GTFSRealtime.TripDescriptor, vehicle: GTFSRealtime.VehiclePosition?,
                             feedTimestamp: Double) -> Bool {
        if trip.nyctTripDescriptor?.isAssigned == false { return true }
        guard let stamp = vehicle?.timestamp, stamp > 0 else { return false }
        return Double(stamp) > feedTimestamp
    }

    /// The part of a trip id after its last `_`, when it looks like `ROUTE..DIR…`.
    private static func pattern(of tripID: String) -> Substring? {
        guard let underscore = tripID.lastIndex(of: "_") else { return nil }
        let pattern = tripID[tripID.index(after: underscore)...]
        guard pattern.contains("."), !pattern.hasPrefix(".") else { return nil }
        return pattern
    }

    private static func direction(inPattern pattern: Substring) -> String? {
        guard let firstDot = pattern.firstIndex(of: ".") else { return nil }
        guard let letter = pattern[firstDot...].first(where: { $0 != "." }), letter == "N" || letter == "S" else { return nil }
        return String(letter)
    }
}
