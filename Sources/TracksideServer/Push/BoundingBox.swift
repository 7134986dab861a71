import Foundation
import TransitEngine

/// A longitude/latitude rectangle: the part of the map a client looks at.
///
/// Only boxes that do not cross the antimeridian are representable: a transit city never does.
public struct BoundingBox: Hashable, Sendable {
    public var minLongitude: Double
    public var minLatitude: Double
    public var maxLongitude: Double
    public var maxLatitude: Double

    /// Why four numbers are not a usable box.
    public struct InvalidBox: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Validates the corners: finite, within WGS 84 ranges, and minimum ≤ maximum on both axes.
    public init(minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double) throws(InvalidBox) {
        let all = [minLongitude, minLatitude, maxLongitude, maxLatitude]
        guard all.allSatisfy({ $0.isFinite }) else {
            throw InvalidBox(description: "bbox values must be finite numbers")
        }
        guard (-180...180).contains(minLongitude), (-180...180).contains(maxLongitude) else {
            throw InvalidBox(description: "bbox longitudes must be within -180...180")
        }
        guard (-90...90).contains(minLatitude), (-90...90).contains(maxLatitude) else {
            throw InvalidBox(description: "bbox latitudes must be within -90...90")
        }
        guard minLongitude <= maxLongitude, minLatitude <= maxLatitude else {
            throw InvalidBox(description: "bbox must be [minLon,minLat,maxLon,maxLat] with min <= max")
        }
        self.minLongitude = minLongitude
        self.minLatitude = minLatitude
        self.maxLongitude = maxLongitude
        self.maxLatitude = maxLatitude
    }

    /// Every longitude and latitude: the box of a whole-network view (`"region":"all"`).
    public static let world = BoundingBox(uncheckedMinLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)

    private init(uncheckedMinLongitude minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double) {
        self.minLongitude = minLongitude
        self.minLatitude = minLatitude
        self.maxLongitude = maxLongitude
        self.maxLatitude = maxLatitude
    }

    /// Parses `[minLon,minLat,maxLon,maxLat]` as four numbers, the order GeoJSON uses.
    public init(_ values: [Double]) throws(InvalidBox) {
        guard values.count == 4 else {
            throw InvalidBox(description: "bbox must have exactly 4 numbers, got \(values.count)")
        }
        try self.init(minLongitude: values[0], minLatitude: values[1], maxLongitude: values[2], maxLatitude: values[3])
    }

    /// East–west extent in kilometres, measured at the box's middle latitude.
    public var widthKilometres: Double {
        let middle = (minLatitude + maxLatitude) / 2 * .pi / 180
        return (maxLongitude - minLongitude) * Self.kilometresPerDegree * cos(middle)
    }

    /// North–south extent in kilometres.
    public var heightKilometres: Double {
        (maxLatitude - minLatitude) * Self.kilometresPerDegree
    }

    /// Whether a position lies inside or on the edge of the box.
    public func contains(_ position: Coordinate) -> Bool {
        position.longitude >= minLongitude && position.longitude <= maxLongitude
            && position.latitude >= minLatitude && position.latitude <= maxLatitude
    }

    /// Length of one degree of latitude (and of longitude at the equator) on a sphere of the
    /// Earth's mean radius; good to well under 1 % for span limits.
    static let kilometresPerDegree = 6371.0088 * .pi / 180
}
