/// Whether riders in wheelchairs can board, from GTFS `wheelchair_boarding`. Unknown is nil,
/// never `inaccessible`: most feeds leave the column out.
public enum WheelchairAccess: String, Hashable, Sendable {
    /// GTFS 1: boarding is possible (for a platform: there is an accessible path to it).
    case accessible
    /// GTFS 2: boarding is not possible.
    case inaccessible
    /// A station whose platforms differ: some accessible, some not.
    case partial

    /// The access a `wheelchair_boarding` value states: 1 or 2; nil for 0, empty or anything else,
    /// which GTFS reads as "no information" (for a platform: "as its parent station").
    public init?(gtfsWheelchairBoarding value: Int?) {
        switch value {
        case 1: self = .accessible
        case 2: self = .inaccessible
        default: return nil
        }
    }
}

extension WheelchairAccess {
    /// A station's access from its platforms' (each its own value, else inherited from the
    /// station): platforms that all agree give their value; accessible and inaccessible ones
    /// together give `partial`; otherwise a platform left unknown makes the station unknown.
    init?(platforms: [WheelchairAccess?]) {
        let known = Set(platforms.compactMap { $0 })
        if known.contains(.accessible) && known.contains(.inaccessible) {
            self = .partial
        } else if known.count == 1, !platforms.contains(nil), let shared = known.first {
            self = shared
        } else {
            return nil
        }
    }
}
