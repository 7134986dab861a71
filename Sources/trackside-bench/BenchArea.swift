import TracksideServer
import TransitData
import TransitEngine

/// New York's extent, and seeded random points and views in it, shared by the push benchmarks.
enum BenchArea {
    static let longitudes = -74.05...(-73.75)
    static let latitudes = 40.57...40.89

    static func randomPoint(_ generator: inout SplitMix64) -> Coordinate {
        Coordinate(latitude: Double.random(in: latitudes, using: &generator),
                   longitude: Double.random(in: longitudes, using: &generator))
    }

    /// A box 1–5 km on each side (at 40.7° N a km is 0.0119° of longitude, 0.009° of latitude).
    static func randomBox(_ generator: inout SplitMix64) -> BoundingBox {
        let corner = randomPoint(&generator)
        let width = Double.random(in: 1...5, using: &generator), height = Double.random(in: 1...5, using: &generator)
        // The ranges above keep every corner valid, so this cannot throw.
        return try! BoundingBox(minLongitude: corner.longitude, minLatitude: corner.latitude,
                                maxLongitude: corner.longitude + width * 0.0119, maxLatitude: corner.latitude + height * 0.009)
    }
}

