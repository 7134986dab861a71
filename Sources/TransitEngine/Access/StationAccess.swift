import TransitData

/// What one station (complex) has for getting in and out: its street entrances and its
/// elevators and escalators.
public struct StationAccess: Hashable, Sendable {
    public var entrances: [SubwayEntrance] = []
    public var equipment: [ElevatorEquipment] = []

    public init(entrances: [SubwayEntrance] = [], equipment: [ElevatorEquipment] = []) {
        self.entrances = entrances
        self.equipment = equipment
    }
}

/// Entrances and equipment joined to the network's stations, once at start: each record's
/// GTFS stop ids name its station (any member or platform id finds the complex,
/// `Network.station(containing:)`); a record none of whose ids the network knows takes the
/// station its MTA complex id leads to through the records that did join. What joins nothing
/// is counted, not guessed, and so is an entrance farther than `maximumEntranceDistance` from the
/// station it names (the 2024 dataset puts one of 86 St's (R44) near 77 St, 870 m away).
public struct StationAccessDirectory: Sendable {
    /// By the complex's id.
    public let stations: [String: StationAccess]
    /// Entrances and equipment that joined no station of the network.
    public let unmatchedEntrances: Int
    public let unmatchedEquipment: Int
    /// Entrances left out as too far from the station they name.
    public let distantEntrances: Int
    /// The farthest an entrance may lie from its station's point, in metres (a complex's entrances in the real
    /// dataset lie within 450 m of it, Times Sq's to the Port Authority's included).
    public static let maximumEntranceDistance = 750.0

    public init(network: Network, entrances: [SubwayEntrance], equipment: [ElevatorEquipment]) {
        var complexes: [String: Set<String>] = [:]
        func join(stops: [String], complexID: String?) -> [String] {
            var found = Set(stops.compactMap { network.station(containing: $0)?.id })
            if let complexID {
                if found.isEmpty { found = complexes[complexID] ?? [] } else { complexes[complexID, default: []].formUnion(found) }
            }
            return found.sorted()
        }
        // First the records that join by stop id teach the complexes; then every record joins.
        for entrance in entrances { _ = join(stops: entrance.stopIDs, complexID: entrance.complexID) }
        for item in equipment { _ = join(stops: item.stopIDs, complexID: item.complexID) }
        var stations: [String: StationAccess] = [:]
        var unmatchedEntrances = 0
        var unmatchedEquipment = 0
        var distantEntrances = 0
        for entrance in entrances {
            let joined = join(stops: entrance.stopIDs, complexID: entrance.complexID)
            let point = Coordinate(latitude: entrance.latitude, longitude: entrance.longitude)
            let ids = joined.filter { id in
                network.station(containing: id).map { $0.coordinate.distance(to: point) <= Self.maximumEntranceDistance } ?? false
            }
            if joined.isEmpty { unmatchedEntrances += 1 } else if ids.isEmpty { distantEntrances += 1 }
            for id in ids { stations[id, default: StationAccess()].entrances.append(entrance) }
        }
        for item in equipment {
            let ids = join(stops: item.stopIDs, complexID: item.complexID)
            if ids.isEmpty { unmatchedEquipment += 1 }
            for id in ids where stations[id]?.equipment.contains(where: { $0.id == item.id }) != true {
                stations[id, default: StationAccess()].equipment.append(item)
            }
        }
        self.stations = stations.mapValues { access in
            var sorted = access
            sorted.equipment.sort { ($0.kind.rawValue, $0.id) < ($1.kind.rawValue, $1.id) }
            return sorted
        }
        self.unmatchedEntrances = unmatchedEntrances
        self.unmatchedEquipment = unmatchedEquipment
        self.distantEntrances = distantEntrances
    }

    /// The access of the station `id` names (a complex's, member's or platform's id).
    public func access(of id: String, in network: Network) -> StationAccess? {
        network.station(containing: id).flatMap { stations[$0.id] }
    }

    /// Every entrance with the complex it joined, ordered by station id.
    public var entrances: [(station: String, entrance: SubwayEntrance)] {
        stations.keys.sorted().flatMap { id in stations[id]!.entrances.map { (id, $0) } }
    }
}
