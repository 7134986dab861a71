import TransitData

/// Joins GTFS stations into the complexes riders know as one station: those a grouping file
/// lists together (NYCT's, bundled) and those `transfers.txt` links (an in-station transfer
/// between two parent stations). Pure: stations, groups and links in, stations out.
///
/// A link or group member that names a platform counts for its station. Safeguards against
/// joining what is far apart: a grouping member more than `groupRadius` from its group's
/// location (another agency's stop that happens to share an id) and a transfer between stations
/// more than `transferRadius` apart (a walk between stations, not a complex) are ignored.
struct StationComplexes {
    static let groupRadius = 1_000.0
    static let transferRadius = 500.0

    /// `stations`: one per GTFS station (each with its own platforms); `parentOf`: the station of
    /// each platform id; `links`: pairs of stop ids a transfer joins.
    static func join(_ stations: [Station], parentOf: [String: String], groups: [StationGroups.Group],
                     links: [(String, String)]) -> [Station] {
        let index = Dictionary(stations.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var sets = DisjointSets(count: stations.count)
        func station(_ id: String) -> Int? { index[id] ?? parentOf[id].flatMap { index[$0] } }

        var groupOf: [Int: Int] = [:]
        for (number, group) in groups.enumerated() {
            let centre = Coordinate(latitude: group.latitude, longitude: group.longitude)
            let members = group.stops.compactMap(station).filter { stations[$0].coordinate.distance(to: centre) <= groupRadius }
            for member in members {
                groupOf[member] = number
                sets.union(member, members[0])
            }
        }
        for (from, to) in links {
            guard let a = station(from), let b = station(to), a != b,
                  stations[a].coordinate.distance(to: stations[b].coordinate) <= transferRadius else { continue }
            sets.union(a, b)
        }

        var components: [Int: [Int]] = [:]
        for member in stations.indices { components[sets.find(member), default: []].append(member) }
        return components.values.map { members in
            let members = members.sorted { stations[$0].id < stations[$1].id }
            let parts = members.map { stations[$0] }
            guard parts.count > 1 else { return parts[0] }
            let groupNumbers = Set(members.compactMap { groupOf[$0] })
            var names: [String] = []
            for member in members {
                let name = groupOf[member].map { groups[$0].name } ?? stations[member].name
                if !names.contains(name) { names.append(name) }
            }
            let coordinate: Coordinate
            if groupNumbers.count == 1, members.allSatisfy({ groupOf[$0] != nil }), let only = groupNumbers.first {
                coordinate = Coordinate(latitude: groups[only].latitude, longitude: groups[only].longitude)
            } else {
                let count = Double(parts.count)
                coordinate = Coordinate(latitude: parts.map(\.coordinate.latitude).reduce(0, +) / count,
                                        longitude: parts.map(\.coordinate.longitude).reduce(0, +) / count)
            }
            let platforms = parts.flatMap(\.platforms).sorted()
            var platformAccess: [String: WheelchairAccess] = [:]
            for part in parts { platformAccess.merge(part.platformWheelchairAccess) { first, _ in first } }
            // A member without platforms of its own stands for itself in the complex's access.
            let accesses = parts.flatMap { part in
                part.platforms.isEmpty ? [part.wheelchairAccess] : part.platforms.map { platformAccess[$0] }
            }
            return Station(id: parts[0].id, name: names.joined(separator: " / "), coordinate: coordinate,
                           memberStations: parts.map(\.id), platforms: platforms,
                           routes: Set(parts.flatMap(\.routes)).sorted(), routesFromSchedule: parts.allSatisfy(\.routesFromSchedule),
                           wheelchairAccess: WheelchairAccess(platforms: accesses), platformWheelchairAccess: platformAccess)
        }
        .sorted { $0.id < $1.id }
    }
}

/// Union-find over `0..<count` with path halving and union by size.
struct DisjointSets {
    private var parent: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    mutating func find(_ element: Int) -> Int {
        var element = element
        while parent[element] != element {
            parent[element] = parent[parent[element]]
            element = parent[element]
        }
        return element
    }

    mutating func union(_ a: Int, _ b: Int) {
        var (rootA, rootB) = (find(a), find(b))
        guard rootA != rootB else { return }
        if size[rootA] < size[rootB] { swap(&rootA, &rootB) }
        parent[rootB] = rootA
        size[rootA] += size[rootB]
    }
}
