import Foundation

extension Coordinate {
    /// Great-circle distance in metres (haversine on the mean Earth radius).
    ///
    /// Good to about 0.5 % anywhere; for the short, precise distances of track geometry use a
    /// `LocalFrame`, which follows the ellipsoid.
    public func distance(to other: Coordinate) -> Double {
        let earthRadius = 6_371_008.8
        let phi1 = latitude * .pi / 180, phi2 = other.latitude * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (other.longitude - longitude) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    /// Whether both components are finite and within the WGS 84 ranges, and the point is not
    /// the (0, 0) placeholder some feeds send for "no position".
    public var isPlausible: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
            && !(latitude == 0 && longitude == 0)
    }
}
