import TransitData

/// Which agency profile a command runs with: `--profile auto|nyct|standard`.
///
/// `auto` reads it from the static GTFS: New York City Transit's rules only for New York City
/// Transit's data, plain GTFS for every other agency.
public enum ProfileChoice: String, Sendable, CaseIterable {
    case auto, nyct, standard

    /// The profile for a network built from `feeds`.
    public func profile(for feeds: [GTFSFeed]) -> any AgencyProfile {
        switch self {
        case .nyct: NYCTProfile()
        case .standard: StandardProfile()
        case .auto: Self.isNYCT(feeds) ? NYCTProfile() : StandardProfile()
        }
    }

    /// Whether `feeds` are New York City Transit's: an agency named so in `agency.txt`, or, for
    /// partial feeds without one, trip ids that name their shape the NYCT way (`131000_1..N03R`).
    static func isNYCT(_ feeds: [GTFSFeed]) -> Bool {
        let agencies = feeds.flatMap(\.agencies)
        if !agencies.isEmpty {
            return agencies.contains { $0.id == "MTA NYCT" || $0.name == "MTA New York City Transit" }
        }
        let trips = feeds.flatMap { $0.trips.rows.prefix(200) }
        guard !trips.isEmpty else { return false }
        let profile = NYCTProfile()
        let named = trips.filter { !profile.shapeIDs(namedByTripID: $0.id).isEmpty }.count
        return named * 2 > trips.count
    }
}
