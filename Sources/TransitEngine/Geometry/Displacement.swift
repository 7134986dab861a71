import Foundation

/// A step on the local tangent plane, in metres east and north.
public struct Displacement: Hashable, Sendable {
    public var east: Double
    public var north: Double

    @inlinable
    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    /// Its length in metres.
    @inlinable
    public var length: Double { (east * east + north * north).squareRoot() }

    /// Its direction in degrees clockwise from north, 0 ..< 360; nil for a zero step.
    public var bearing: Double? {
        guard east != 0 || north != 0 else { return nil }
        return Bearing.normalized(atan2(east, north) * 180 / .pi)
    }
}
