@testable import TransitEngine

/// Shapes drawn in metres east/north of a point in Manhattan, for geometry tests with known answers.
enum SyntheticShapes {
    static let origin = Coordinate(latitude: 40.75, longitude: -73.98)
    static let frame = LocalFrame(latitude: origin.latitude)

    /// The position `east`, `north` metres from `origin`.
    static func at(_ east: Double, _ north: Double) -> Coordinate {
        frame.coordinate(from: origin, moving: Displacement(east: east, north: north))
    }

    static func polyline(_ metres: [(Double, Double)]) -> Polyline {
        Polyline(metres.map { at($0.0, $0.1) })
    }

    /// Metres between two positions near `origin`.
    static func metres(_ a: Coordinate, _ b: Coordinate) -> Double {
        LocalFrame(between: a, b).displacement(from: a, to: b).length
    }

    /// A deterministic pseudo-random generator so failures reproduce.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
