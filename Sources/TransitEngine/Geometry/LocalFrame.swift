import Foundation

/// A flat metric approximation of the WGS 84 ellipsoid around one latitude: metres per
/// degree of latitude and of longitude there.
///
/// Within a few kilometres of its latitude the error is far below a metre, which is why
/// polylines keep one frame per segment rather than one per city: a single frame for all of
/// New York would be off by about 0.3 % (tens of metres) at its northern and southern ends.
public struct LocalFrame: Hashable, Sendable {
    /// Metres per degree of latitude (the meridional radius of curvature).
    public let metresPerDegreeLatitude: Double
    /// Metres per degree of longitude (the parallel's radius).
    public let metresPerDegreeLongitude: Double

    /// The frame at `latitude` degrees.
    public init(latitude: Double) {
        let semiMajorAxis = 6_378_137.0
        let flattening = 1 / 298.257_223_563
        let eccentricitySquared = flattening * (2 - flattening)
        let phi = latitude * .pi / 180
        let sine = sin(phi)
        let w = 1 - eccentricitySquared * sine * sine
        let meridional = semiMajorAxis * (1 - eccentricitySquared) / (w * w.squareRoot())
        let primeVertical = semiMajorAxis / w.squareRoot()
        metresPerDegreeLatitude = meridional * .pi / 180
        metresPerDegreeLongitude = primeVertical * cos(phi) * .pi / 180
    }

    /// The frame halfway between two positions, for measuring the step between them.
    public init(between a: Coordinate, _ b: Coordinate) {
        self.init(latitude: (a.latitude + b.latitude) / 2)
    }

    /// The metric step from `origin` to `target`.
    @inlinable
    public func displacement(from origin: Coordinate, to target: Coordinate) -> Displacement {
        Displacement(east: (target.longitude - origin.longitude) * metresPerDegreeLongitude,
                     north: (target.latitude - origin.latitude) * metresPerDegreeLatitude)
    }

    /// The position reached from `origin` by `step`.
    @inlinable
    public func coordinate(from origin: Coordinate, moving step: Displacement) -> Coordinate {
        Coordinate(latitude: origin.latitude + step.north / metresPerDegreeLatitude,
                   longitude: origin.longitude + step.east / metresPerDegreeLongitude)
    }
}
