import TransitEngine

/// A polygon of the base map: an outer ring and any holes, each closed (first point repeated last), in WGS 84.
public struct Polygon: Equatable, Sendable {
    /// The outer ring first, then the holes.
    public var rings: [[Coordinate]]

    public init(rings: [[Coordinate]]) {
        self.rings = rings
    }

    /// The flat frame the polygon's metric measures use: one frame at its middle latitude (a borough is at most
    /// ~40 km tall, so lengths are off by well under 1 %, plenty for simplification and label placement).
    var frame: LocalFrame {
        let latitudes = rings.first.map { $0.map(\.latitude) } ?? []
        return LocalFrame(latitude: ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2)
    }

    /// The outer ring's area in square metres, holes not subtracted (what decides whether it is drawn at all).
    public var outerArea: Double {
        guard let outer = rings.first else { return 0 }
        return Self.area(of: outer, in: frame)
    }

    /// The unsigned area of a closed ring, by the shoelace formula on `frame`.
    static func area(of ring: [Coordinate], in frame: LocalFrame) -> Double {
        guard ring.count >= 4 else { return 0 }
        let origin = ring[0]
        var twice = 0.0
        var previous = frame.displacement(from: origin, to: ring[0])
        for point in ring.dropFirst() {
            let next = frame.displacement(from: origin, to: point)
            twice += previous.east * next.north - next.east * previous.north
            previous = next
        }
        return abs(twice) / 2
    }
}
