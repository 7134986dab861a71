@testable import TransitEngine

/// A small line for placement tests: route X runs 3 km due north through stations A, B, C, D
/// (1 km apart, platforms `AN`, `AS`, …), with a branch shape that leaves the trunk after B
/// towards E, 1 km east. Route B1 is a bus on the same street.
enum SyntheticNetwork {
    typealias S = SyntheticShapes

    static let stations = ["A": (0.0, 0.0), "B": (0, 1_000), "C": (0, 2_000), "D": (0, 3_000), "E": (1_000, 1_000)]

    static func make(profile: any AgencyProfile = NYCTProfile()) -> Network {
        var stops: [NetworkStop] = []
        for (name, metres) in stations.sorted(by: { $0.key < $1.key }) {
            let coordinate = S.at(metres.0, metres.1)
            stops.append(NetworkStop(id: name, name: "\(name) Station", coordinate: coordinate, isStation: true))
            for side in ["N", "S"] {
                stops.append(NetworkStop(id: name + side, name: "\(name) Station", coordinate: coordinate, parentStation: name))
            }
        }
        let trunk = [(0.0, 0.0), (0, 500), (0, 1_000), (0, 1_500), (0, 2_000), (0, 2_500), (0, 3_000)].map { S.at($0.0, $0.1) }
        let branch = [(0.0, 0.0), (0, 1_000), (500, 1_000), (1_000, 1_000)].map { S.at($0.0, $0.1) }
        return Network(
            routes: [NetworkRoute(id: "X", shortName: "X", color: "EE352E", textColor: "FFFFFF", type: 1),
                     NetworkRoute(id: "B1", shortName: "B1", type: 3)],
            stops: stops,
            trips: [NetworkTrip(id: "static-1", routeID: "X", direction: "N", shapeID: "X..N01R", headsign: "D Station"),
                    NetworkTrip(id: "bus-1", routeID: "B1", direction: "N", shapeID: "B1N")],
            shapePoints: ["X..N01R": trunk, "X..N02R": branch, "B1N": trunk.map { S.frame.coordinate(from: $0, moving: Displacement(east: 30, north: 0)) }],
            profile: profile)
    }

    static func feed(_ trains: [TrainReport], at timestamp: Double, name: String = "x") -> FeedSnapshot {
        FeedSnapshot([FeedReport(name: name, timestamp: timestamp, trains: trains)])
    }

    /// Metres north of A of a position on the trunk.
    static func north(_ coordinate: Coordinate) -> Double {
        S.frame.displacement(from: S.origin, to: coordinate).north
    }
}
